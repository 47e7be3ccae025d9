// /menus: Menu Management with its two tiles, each shown when the user may view it.
import { HubTile } from '../../../components/hub-tile';
import type { MarketAccess } from '../../../lib/session';

export function MenusHub({ access }: { access: MarketAccess }) {
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Menu Management</h1>
      <p className="mt-1 text-sm text-slate-600">Build and export menus for {access.market?.name ?? 'this market'}, and set how they are ordered.</p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        {access.can('menu_management-create_menu', 'view') && (
          <HubTile to="/menus/create" icon="plus" title="Create Menu" description="Export an internal or external menu as a spreadsheet." />
        )}
        {access.can('menu_management-menu_settings', 'view') && (
          <HubTile to="/menus/settings" icon="settings" title="Menu Settings" description="Order categories, brands and sort fields for exports." />
        )}
      </div>
    </div>
  );
}
