// Moving the app to another market: remember it, drop every list of the old one (keeping only who the
// user is) and go home, where the new market's screens load.
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { MarketCode } from '../../../../shared/enums';
import { setCurrentMarket } from '../../../lib/market-store';
import { SESSION_QUERY_KEY } from '../../../lib/session';

export function useSwitchMarket(): (code: MarketCode) => Promise<void> {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(
    async (code: MarketCode) => {
      setCurrentMarket(code);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY });
      await router.navigate({ to: '/' });
    },
    [queryClient, router],
  );
}
