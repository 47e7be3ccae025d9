// Where '/' sends a user: their role's landing page, or, when their grants do not cover it, the first
// screen the sidebar offers them, so that a redirect can never loop.
import { homeRouteForRole, type Feature } from '../../../shared/permissions';
import type { Role } from '../../../shared/enums';
import { NAV_GROUPS, visibleNav } from './nav-items';

const LANDING_NEEDS: Record<string, Feature[]> = {
  '/inventory': ['inventory-import', 'inventory-history', 'inventory-issues', 'inventory-reconciliation_report'],
  '/menus': ['menu_management-create_menu', 'menu_management-menu_settings'],
  '/orders': ['orders-orders_history'],
  '/orders/picklists': ['orders-picklist_register'],
};

export function landingRoute(role: Role | undefined, can: (feature: Feature, action: string) => boolean): string {
  const home = homeRouteForRole(role);
  if ((LANDING_NEEDS[home] ?? []).some((feature) => can(feature, 'view'))) return home;
  const first = visibleNav(NAV_GROUPS, can)
    .flatMap((group) => group.items.flatMap((item) => [item, ...(item.children ?? [])]))
    .find((item) => item.linkable !== false);
  return first?.to ?? '/unauthorized';
}
