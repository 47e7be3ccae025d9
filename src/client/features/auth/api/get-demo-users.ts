// The demo users to sign in as. A plain hook rather than a query: the sign-in screen shows before the
// query cache (and the router) are loaded, and the list is asked for again each time it shows (except the
// first time in a page load of /login, whose page carries it).
import { useEffect, useState } from 'react';
import { demoUsersEndpoint, type DemoUser } from '../../../../shared/api/auth';
import { callApi } from '../../../lib/api-client';
import { takeDemoUsersFromPage } from '../../../lib/sign-in-data';

type DemoUsers = { status: 'pending' } | { status: 'error' } | { status: 'success'; data: DemoUser[] };

export function useDemoUsers(): DemoUsers & { refetch: () => void } {
  const [attempt, setAttempt] = useState(0);
  // The first sign-in screen of a page load has the list in the page (sign-in-data.ts).
  const [fromPage] = useState(takeDemoUsersFromPage);
  const [state, setState] = useState<DemoUsers>(fromPage ? { status: 'success', data: fromPage } : { status: 'pending' });
  useEffect(() => {
    if (fromPage && attempt === 0) return;
    const controller = new AbortController();
    callApi(demoUsersEndpoint, { signal: controller.signal }).then(
      ({ data }) => setState({ status: 'success', data }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [attempt, fromPage]);
  const refetch = () => {
    setState({ status: 'pending' });
    setAttempt((count) => count + 1);
  };
  // Failed for want of a connection: asked for again as soon as the signal returns.
  const failed = state.status === 'error';
  useEffect(() => {
    if (!failed) return;
    const retry = () => {
      setState({ status: 'pending' });
      setAttempt((count) => count + 1);
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failed]);
  return { ...state, refetch };
}
