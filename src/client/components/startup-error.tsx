// Shown when the app cannot start at all (no server and nothing remembered about it).
import { errorMessage } from '../lib/handle-error';
import { Button } from './ui/button';

export function StartupError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <main className="grid min-h-dvh place-items-center px-6 text-center">
      <div className="max-w-md">
        <h1 className="text-xl font-semibold text-slate-900">GreenVault Wholesale could not start</h1>
        <p className="mt-2 text-slate-600">{errorMessage(error, 'The server could not be reached. Check your connection and try again.')}</p>
        <Button className="mt-6" icon="refresh" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </main>
  );
}
