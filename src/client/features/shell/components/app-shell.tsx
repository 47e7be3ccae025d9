// The authenticated layout: sidebar, header (menu button on phones, market, sync status, connectivity,
// user) and the page. It also runs the offline outbox and keeps the market's open picklists on the device.
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Outlet } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { Icon } from '../../../components/ui/icons';
import { showToast } from '../../../components/ui/toast';
import { useAppStats } from '../../../lib/app-stats';
import { chooseMarket, useCurrentMarket } from '../../../lib/market-store';
import { useOpenPicklistsPrefetch } from '../../../lib/outbox/prefetch-picklists';
import { marketTimeZoneName } from '../../../lib/format';
import { useOutboxSync } from '../../../lib/outbox/sync';
import { useLastSync, useOutboxEntries } from '../../../lib/outbox/use-outbox';
import { useMarketAccess, useSession } from '../../../lib/session';
import { useSidebarState } from '../hooks/use-sidebar-state';
import { useSwitchMarket } from '../hooks/use-switch-market';
import { NAV_GROUPS, visibleNav } from '../nav-items';
import { ConnectivityIndicator } from './connectivity-indicator';
import { MarketSwitcher } from './market-switcher';
import { DesktopSidebar, MobileSidebar } from './sidebar';
import { SyncStatus } from './sync-status';
import { UserMenu } from './user-menu';

const appRoute = getRouteApi('/_app');

export function AppShell() {
  const { session: loaded } = appRoute.useRouteContext();
  const session = useSession(loaded.account) ?? loaded;
  const access = useMarketAccess(session);
  const market = useCurrentMarket();
  const stats = useAppStats();
  const { collapsed, toggle } = useSidebarState();
  const [mobileOpen, setMobileOpen] = useState(false);
  const groups = useMemo(() => visibleNav(NAV_GROUPS, access.can), [access.can]);
  const markets = session.markets.filter((m) => session.permissionsByMarket[m.code]);
  const queryClient = useQueryClient();
  const switchMarket = useSwitchMarket();
  const lostMarket = !markets.some((m) => m.code === market);
  const fallback = lostMarket ? chooseMarket(market, markets) : null;
  useEffect(() => {
    // A Market Admin removed or deactivated the user here (the server's 403 reloaded the session):
    // move them to a market of theirs. With none left, the server's next answer is 401 and signs them out.
    if (!fallback) return;
    const next = markets.find((m) => m.code === fallback)!;
    showToast({ tone: 'warning', title: `You no longer have access to ${market}.`, description: `Switched to ${next.name}.`, durationMs: 10_000 });
    void switchMarket(fallback);
  }, [fallback, market, markets, switchMarket]);
  const outbox = useOutboxEntries(session.userId);
  const lastSync = useLastSync(session.userId);
  useOutboxSync(queryClient, session.userId, outbox.filter((entry) => entry.status === 'pending').length);
  useOpenPicklistsPrefetch({
    enabled: access.can('orders-picklist_register', 'view') && access.can('orders-picklist_details', 'view'),
    market,
    userId: session.userId,
  });

  return (
    <div className="flex min-h-[calc(100dvh-var(--ribbon-height))]">
      <DesktopSidebar groups={groups} stats={stats} collapsed={collapsed} onToggle={toggle} />
      <MobileSidebar groups={groups} stats={stats} open={mobileOpen} onClose={() => setMobileOpen(false)} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-(--ribbon-height) z-30 flex h-14 items-center gap-2 border-b border-slate-200 bg-white/90 px-2 backdrop-blur sm:px-4">
          <button
            type="button"
            onClick={() => setMobileOpen(true)}
            className="grid size-11 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
            aria-label="Open menu"
          >
            <Icon name="menu" className="size-6" />
          </button>
          <MarketSwitcher markets={markets} current={market} />
          {/* Every date and time on screen is the market's (lib/format.ts): on a desktop, say which zone that is. */}
          <span className="hidden text-xs whitespace-nowrap text-slate-500 lg:inline">Times in {marketTimeZoneName(market)}</span>
          <div className="ml-auto flex items-center gap-1 sm:gap-3">
            {(outbox.length > 0 || lastSync !== null) && <SyncStatus entries={outbox} lastSync={lastSync} />}
            <ConnectivityIndicator syncing={stats?.isSyncing ?? false} />
            <UserMenu name={session.account.name} role={access.role} waiting={outbox.filter((entry) => entry.status !== 'rejected').length} />
          </div>
        </header>
        <main className="flex-1 px-3 py-4 sm:px-6 sm:py-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
