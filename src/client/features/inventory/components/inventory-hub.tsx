// /inventory: '{market} Inventory' with a tile for each inventory screen the user may view.
import { HubTile } from '../../../components/hub-tile';
import { useAppStats } from '../../../lib/app-stats';
import type { MarketAccess } from '../../../lib/session';

export function InventoryHub({ access }: { access: MarketAccess }) {
  const stats = useAppStats();
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{access.market?.name ?? ''} Inventory</h1>
      <p className="mt-1 text-sm text-slate-600">Import stock from the seed-to-sale system, review what changed and resolve issues.</p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        {access.can('inventory-import', 'view') && (
          <HubTile to="/inventory/import" icon="import" title="Import Inventory" description="Fetch packages from the seed-to-sale system for chosen locations." />
        )}
        {access.can('inventory-history', 'view') && <HubTile to="/inventory/history" icon="clock" title="Import History" description="Every import, who ran it and what it changed." />}
        {access.can('inventory-issues', 'view') && (
          <HubTile
            to="/inventory/issues"
            icon="warning"
            title="Inventory Issues"
            description="Items and lab data that need attention before they can be sold."
            count={stats?.incompleteInventoryCount}
            countLabel="incomplete inventory items"
          />
        )}
        {access.can('inventory-reconciliation_report', 'view') && (
          <HubTile to="/inventory/reconciliation-report" icon="scale" title="Reconciliation Report" description="Compare seed-to-sale quantities with ours and settle the differences." />
        )}
      </div>
    </div>
  );
}
