// The signed-in user's name, their role in the current market, the initials avatar, and logout.
import { initials } from '../../../../shared/labels';
import type { Role } from '../../../../shared/enums';
import { Icon } from '../../../components/ui/icons';
import { useSignOut } from '../../../lib/auth/auth-context';

export function UserMenu({ name, role }: { name: string; role: Role | undefined }) {
  const signOut = useSignOut();
  return (
    <div className="flex items-center gap-2 sm:gap-3">
      <div className="hidden text-right leading-tight lg:block">
        <p className="text-sm font-medium text-slate-900">{name}</p>
        <p className="text-xs text-slate-500">{role ?? 'No role in this market'}</p>
      </div>
      <span className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-700 text-sm font-semibold text-white" title={`${name}${role ? `, ${role}` : ''}`} aria-hidden="true">
        {initials(name)}
      </span>
      <button
        type="button"
        onClick={() => void signOut()}
        className="grid size-11 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 sm:size-9"
        aria-label="Log out"
        title="Log out"
      >
        <Icon name="logout" className="size-5" />
      </button>
    </div>
  );
}
