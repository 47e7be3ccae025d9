import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../../components/ui/button';
import { AUTH_FAILED_MESSAGE } from './login-page';

/** /auth/callback when Microsoft sent the user back without a signed-in account. */
export function SignInFailed() {
  return (
    <main className="grid min-h-[70dvh] place-items-center px-6 text-center">
      <div role="alert">
        <h1 className="text-xl font-semibold text-slate-900">{AUTH_FAILED_MESSAGE}</h1>
        <Link to="/login" className={buttonClasses('primary', 'md', 'mt-6')}>
          Back to sign in
        </Link>
      </div>
    </main>
  );
}
