import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { useSignOut } from '../../../lib/auth/use-sign-out';

export function UnauthorizedPage() {
  const signOut = useSignOut();
  return (
    <main className="grid min-h-[70dvh] place-items-center px-6 text-center">
      <div className="max-w-md">
        <Icon name="lock" className="mx-auto size-10 text-slate-400" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">401 Unauthorized</h1>
        <p className="mt-3 text-slate-600">You do not have permission to view this page. Please contact your administrator.</p>
        <Button className="mt-8" variant="secondary" icon="logout" onClick={() => void signOut()}>
          Sign in as someone else
        </Button>
      </div>
    </main>
  );
}
