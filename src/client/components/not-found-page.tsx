import { Link } from '@tanstack/react-router';
import { buttonClasses } from './ui/button';

export function NotFoundPage() {
  return (
    <main className="grid min-h-[70dvh] place-items-center px-6 py-16 text-center">
      <div>
        <p className="text-sm font-semibold text-brand-700">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Page Not Found</h1>
        <p className="mt-3 text-slate-600">The page you are looking for does not exist or has moved.</p>
        <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
          Return to Main Page
        </Link>
      </div>
    </main>
  );
}
