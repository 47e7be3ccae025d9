// Choosing a user's role in the current market, with the consequence spelled out before it is applied;
// for a user of another of the admin's markets, the role they join this one with.
import { useState } from 'react';
import type { Role } from '../../../../shared/enums';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import type { UserRow } from '../../../../shared/api/users';
import { RoleSelect } from './role-select';

export function ChangeRoleDialog({
  user,
  marketName,
  busy,
  onConfirm,
  onClose,
}: {
  user: UserRow | null;
  marketName: string;
  busy: boolean;
  onConfirm: (role: Role) => void;
  onClose: () => void;
}) {
  const [role, setRole] = useState<Role | null>(user?.role ?? null);
  const unchanged = role === null || role === user?.role;
  const adding = user !== null && user.role === null;
  return (
    <Dialog
      open={user !== null}
      onClose={() => !busy && onClose()}
      title={adding ? `Add ${user.name} to ${marketName}` : `Change ${user?.name ?? ''}'s role`}
      description={`The role decides what ${user?.name ?? 'the user'} can see and do in ${marketName}. It applies from their next request.`}
      size="sm"
      // One field: on phones it rises from the bottom like the other confirmations, not a whole empty screen.
      phoneLayout="bottom"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => role && onConfirm(role)} disabled={unchanged} loading={busy}>
            {adding ? `Add to ${marketName}` : 'Save role'}
          </Button>
        </>
      }
    >
      <RoleSelect marketName={marketName} value={role} onChange={setRole} />
    </Dialog>
  );
}
