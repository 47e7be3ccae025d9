// The three changes a Market Admin makes to a user in the current market, each refreshing the list
// and the changed user's session (their sidebar follows their new role).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../../../shared/enums';
import type { UserRow } from '../../../../shared/api/users';
import { apiRequest } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './list-users';

export type UserChange =
  | { kind: 'set-role'; userId: string; role: Role }
  | { kind: 'remove-role'; userId: string }
  | { kind: 'set-status'; userId: string; isActive: boolean };

function send(change: UserChange): Promise<{ data: UserRow; message: string }> {
  const path = `/users/${encodeURIComponent(change.userId)}`;
  switch (change.kind) {
    case 'set-role':
      return apiRequest(`${path}/role`, { method: 'PUT', body: { role: change.role } });
    case 'remove-role':
      return apiRequest(`${path}/role`, { method: 'DELETE' });
    case 'set-status':
      return apiRequest(`${path}/status`, { method: 'PUT', body: { isActive: change.isActive } });
  }
}

export function useChangeUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [USERS_QUERY_KEY] }),
  });
}
