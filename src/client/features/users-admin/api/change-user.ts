// The changes a Market Admin makes to a user's membership of the current market (add with a first role,
// change the role, remove it, activate or deactivate), each refreshing the list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../../../shared/enums';
import { addUserToMarketEndpoint, removeUserRoleEndpoint, setUserRoleEndpoint, setUserStatusEndpoint, type UserRow } from '../../../../shared/api/users';
import { callApi } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './list-users';

export type UserChange =
  | { kind: 'add-to-market'; userId: string; role: Role }
  | { kind: 'set-role'; userId: string; role: Role }
  | { kind: 'remove-role'; userId: string }
  | { kind: 'set-status'; userId: string; isActive: boolean };

function send(change: UserChange): Promise<{ data: UserRow; message: string }> {
  const params = { userId: change.userId };
  switch (change.kind) {
    case 'add-to-market':
      return callApi(addUserToMarketEndpoint, { params, body: { role: change.role } });
    case 'set-role':
      return callApi(setUserRoleEndpoint, { params, body: { role: change.role } });
    case 'remove-role':
      return callApi(removeUserRoleEndpoint, { params });
    case 'set-status':
      return callApi(setUserStatusEndpoint, { params, body: { isActive: change.isActive } });
  }
}

export function useChangeUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [USERS_QUERY_KEY] }),
  });
}
