// The demo users to sign in as. A plain hook rather than a query: the sign-in screen shows before the
// query cache (and the router) are loaded, and the list is asked for again each time it shows.
import { useEffect, useState } from 'react';
import { demoUsersEndpoint, type DemoUser } from '../../../../shared/api/auth';
import { callApi } from '../../../lib/api-client';

type DemoUsers = { status: 'pending' } | { status: 'error' } | { status: 'success'; data: DemoUser[] };

export function useDemoUsers(): DemoUsers & { refetch: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<DemoUsers>({ status: 'pending' });
  useEffect(() => {
    const controller = new AbortController();
    callApi(demoUsersEndpoint, { signal: controller.signal }).then(
      ({ data }) => setState({ status: 'success', data }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [attempt]);
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
