import type { ListQuery } from '../../../../shared/api/common';
import { listUsersEndpoint, type UserRow } from '../../../../shared/api/users';
import { callApi, type CallOptions } from '../../../lib/api-client';

export type UserPage = { data: UserRow[]; pagination: { totalRecords: number } };

export const USERS_QUERY_KEY = 'users';

export function fetchUsers(query: ListQuery, options: CallOptions = {}): Promise<UserPage> {
  return callApi(listUsersEndpoint, { body: query, ...options });
}
