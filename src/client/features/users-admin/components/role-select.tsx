// The role picker of both user dialogs (change a role, add a user to the market): one market, one role.
import { ROLES, type Role } from '../../../../shared/enums';
import { Select } from '../../../components/ui/select';

const ROLE_OPTIONS = ROLES.map((value) => ({ value, label: value }));

export function RoleSelect({ marketName, value, onChange }: { marketName: string; value: Role | null; onChange: (role: Role) => void }) {
  return <Select<Role> label={`Role in ${marketName}`} value={value} onChange={onChange} placeholder="Choose a role" options={ROLE_OPTIONS} />;
}
