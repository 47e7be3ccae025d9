// Choosing a user's role in the current market, with the consequence spelled out before it is applied.
import { useState } from 'react';
import { ROLES, type Role } from '../../../../shared/enums';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Select } from '../../../components/ui/select';
import type { UserRow } from '../../../../shared/api/users';

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
  return (
    <Dialog
      open={user !== null}
      onClose={() => !busy && onClose()}
      title={user?.role ? `Change ${user.name}'s role` : `Give ${user?.name ?? ''} a role`}
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
            Save role
          </Button>
        </>
      }
    >
      <Select<Role>
        label={`Role in ${marketName}`}
        value={role}
        onChange={setRole}
        placeholder="Choose a role"
        options={ROLES.map((value) => ({ value, label: value }))}
      />
    </Dialog>
  );
}
