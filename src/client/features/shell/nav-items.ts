// The sidebar's entries, each with the permission that shows it. Groups without a visible entry are hidden.
import type { Feature } from '../../../shared/permissions';
import type { IconName } from '../../components/ui/icons';

export type NavBadge = 'incompleteInventory' | 'pendingOrders' | 'pendingPicklists' | 'importStatus';

export type NavItem = {
  to: string;
  label: string;
  icon: IconName;
  /** Shown when the user holds this feature's view (or the given action); absent = shown if any child is. */
  requires?: { feature: Feature; action?: string };
  badge?: NavBadge;
  children?: NavItem[];
  /** False when only a child is visible: the parent then shows as a heading, not a link. */
  linkable?: boolean;
};

export type NavGroup = { label: string; items: NavItem[] };

export const NAV_GROUPS: NavGroup[] = [
  {
    label: 'Operations',
    items: [
      {
        to: '/inventory',
        label: 'Inventory',
        icon: 'box',
        children: [
          { to: '/inventory/import', label: 'Import Inventory', icon: 'import', requires: { feature: 'inventory-import' }, badge: 'importStatus' },
          { to: '/inventory/history', label: 'Import History', icon: 'clock', requires: { feature: 'inventory-history' } },
          { to: '/inventory/issues', label: 'Inventory Issues', icon: 'warning', requires: { feature: 'inventory-issues' }, badge: 'incompleteInventory' },
          { to: '/inventory/reconciliation-report', label: 'Reconciliation Report', icon: 'scale', requires: { feature: 'inventory-reconciliation_report' } },
        ],
      },
      {
        to: '/menus',
        label: 'Menu Management',
        icon: 'menus',
        children: [
          { to: '/menus/create', label: 'Create Menu', icon: 'plus', requires: { feature: 'menu_management-create_menu' } },
          { to: '/menus/settings', label: 'Menu Settings', icon: 'settings', requires: { feature: 'menu_management-menu_settings' } },
        ],
      },
      {
        to: '/orders',
        label: 'Orders',
        icon: 'cart',
        requires: { feature: 'orders-orders_history' },
        badge: 'pendingOrders',
        children: [{ to: '/orders/picklists', label: 'Picklists', icon: 'picklist', requires: { feature: 'orders-picklist_register' }, badge: 'pendingPicklists' }],
      },
    ],
  },
  {
    label: 'Configuration',
    items: [
      { to: '/config/standard-case-sizes', label: 'Standard Case Sizes', icon: 'cube', requires: { feature: 'standard-case-sizes' } },
      { to: '/admin/users', label: 'Users & Roles', icon: 'users', requires: { feature: 'users', action: 'admin' } },
    ],
  },
];

/** Applies the permission rules: entries the user may not view disappear, and so do emptied parents and groups. */
export function visibleNav(groups: NavGroup[], can: (feature: Feature, action: string) => boolean): NavGroup[] {
  const allowed = (item: NavItem) => !item.requires || can(item.requires.feature, item.requires.action ?? 'view');
  const filterItem = (item: NavItem): NavItem | null => {
    const children = item.children?.map(filterItem).filter((child): child is NavItem => child !== null);
    const hasChildren = (children?.length ?? 0) > 0;
    if (item.requires ? !allowed(item) && !hasChildren : !hasChildren && item.children !== undefined) return null;
    return { ...item, children, linkable: allowed(item) };
  };
  return groups
    .map((group) => ({ ...group, items: group.items.map(filterItem).filter((item): item is NavItem => item !== null) }))
    .filter((group) => group.items.length > 0);
}

/** The import indicator: FAILED red; DRAFT, IN_PROGRESS and FETCH_COMPLETED orange; otherwise none. */
export function importIndicatorTone(status: string | undefined): 'red' | 'orange' | null {
  if (!status) return null;
  const normalised = status.toUpperCase().replace(/-/g, '_');
  if (normalised === 'FAILED') return 'red';
  if (['DRAFT', 'IN_PROGRESS', 'FETCH_COMPLETED'].includes(normalised)) return 'orange';
  return null;
}
