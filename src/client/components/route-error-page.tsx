// Each route's error boundary: says what went wrong and offers a retry, without losing the shell.
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { errorMessage } from '../lib/handle-error';
import { Button } from './ui/button';
import { Icon } from './ui/icons';

export function RouteErrorPage({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();
  useEffect(() => queryReset.reset(), [queryReset]);
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <div role="alert" className="mx-auto my-12 max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <Icon name={offline ? 'wifi-off' : 'alert'} className="mx-auto size-10 text-amber-600" />
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{offline ? "You're offline" : 'This page could not be loaded'}</h2>
      <p className="mt-2 text-sm text-slate-600">
        {offline ? 'This page has not been opened on this device before, so there is no saved copy. Try again when you have signal.' : errorMessage(error, 'Something went wrong. Please try again later.')}
      </p>
      <Button className="mt-6" icon="refresh" onClick={() => void router.invalidate()}>
        Try again
      </Button>
    </div>
  );
}
