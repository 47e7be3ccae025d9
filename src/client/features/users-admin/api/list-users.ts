import type { ListQuery } from '../../../../shared/api/common';
import type { UserRow } from '../../../../shared/api/users';
import { apiRequest } from '../../../lib/api-client';

export type UserPage = { data: UserRow[]; pagination: { totalRecords: number } };

export const USERS_QUERY_KEY = 'users';

export function fetchUsers(query: ListQuery, signal?: AbortSignal): Promise<UserPage> {
  return apiRequest<UserPage>('/users/list', { method: 'POST', body: query, signal });
}
