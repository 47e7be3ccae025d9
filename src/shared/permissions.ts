// The permission catalogue (feature → actions), the default grants per role, and the one check both sides use.
import type { MarketPermissions, PermissionsResponseData } from './api/users';
import type { MarketCode, Role } from './enums';

export const PERMISSION_CATALOGUE = {
  'inventory-import': ['view', 'commit', 'discard'],
  'inventory-history': ['view'],
  'inventory-issues': ['view'],
  'inventory-reconciliation_report': ['view'],
  'menu_management-create_menu': ['view'],
  'menu_management-menu_settings': ['view'],
  'orders-orders_history': ['view', 'create_order', 'upload_menu'],
  'orders-order_detail': ['edit_order', 'approve', 'reject'],
  'orders-picklist_register': ['view'],
  'orders-picklist_details': ['view', 'picked'],
  'standard-case-sizes': ['view', 'update'],
  users: ['admin'],
} as const;

export type Feature = keyof typeof PERMISSION_CATALOGUE;
export type ActionOf<F extends Feature> = (typeof PERMISSION_CATALOGUE)[F][number];
export const FEATURES = Object.keys(PERMISSION_CATALOGUE) as Feature[];

/** feature → action → boolean, the spec's `Permission` object. */
export type PermissionMap = Record<string, Record<string, boolean>>;

type Grants = { [F in Feature]?: readonly ActionOf<F>[] };

const everything: Grants = PERMISSION_CATALOGUE;

/** ARCHITECTURE section 3: what each role may do in a market until a Market Admin edits it. */
const DEFAULT_GRANTS: Record<Role, Grants> = {
  'Market Admin': everything,
  'Sales Manager': {
    'inventory-history': ['view'],
    'inventory-issues': ['view'],
    'menu_management-create_menu': ['view'],
    'menu_management-menu_settings': ['view'],
    'orders-orders_history': ['view', 'create_order', 'upload_menu'],
    'orders-order_detail': ['edit_order', 'approve', 'reject'],
    'orders-picklist_register': ['view'],
    'orders-picklist_details': ['view'],
    'standard-case-sizes': ['view'],
  },
  'Sales Person': {
    'menu_management-create_menu': ['view'],
    'orders-orders_history': ['view', 'create_order', 'upload_menu'],
    'orders-order_detail': ['edit_order'],
    'orders-picklist_register': ['view'],
    'orders-picklist_details': ['view'],
  },
  'Fulfilment Person': {
    'inventory-history': ['view'],
    'inventory-issues': ['view'],
    'orders-orders_history': ['view'],
    'orders-picklist_register': ['view'],
    'orders-picklist_details': ['view', 'picked'],
    'standard-case-sizes': ['view'],
  },
};

/** Expands a role's grants into the full map, every catalogue action present as true or false. */
export function defaultPermissionMap(role: Role): Record<Feature, Record<string, boolean>> {
  const grants = DEFAULT_GRANTS[role] as Partial<Record<Feature, readonly string[]>>;
  const map = {} as Record<Feature, Record<string, boolean>>;
  for (const feature of FEATURES) {
    const allowed = grants[feature] ?? [];
    map[feature] = Object.fromEntries(PERMISSION_CATALOGUE[feature].map((action) => [action, allowed.includes(action)]));
  }
  return map;
}

/**
 * The spec's rule: false when there is no map, the feature is missing or has no permissions,
 * or the action is missing.
 */
export function hasPermission(map: PermissionMap | undefined | null, feature: Feature, action: string): boolean {
  const actions = map?.[feature];
  if (!actions || Object.keys(actions).length === 0) return false;
  return actions[action] === true;
}

/** Marking picked also needs a role other than the two sales roles (spec, section 6). */
export function canMarkPicked(role: Role | undefined, map: PermissionMap | undefined | null): boolean {
  if (!role || role === 'Sales Manager' || role === 'Sales Person') return false;
  return hasPermission(map, 'orders-picklist_details', 'picked');
}

/** Where a user lands after sign-in or a market switch. */
export function homeRouteForRole(role: Role | undefined): string {
  switch (role) {
    case 'Market Admin':
      return '/inventory';
    case 'Fulfilment Person':
      return '/orders/picklists';
    case 'Sales Person':
      return '/orders';
    case 'Sales Manager':
      return '/menus';
    default:
      return '/inventory';
  }
}

/** Picks the per-market entries out of the permissions response (everything but the two ids). */
export function marketsOfPermissions(data: PermissionsResponseData): Partial<Record<MarketCode, MarketPermissions>> {
  const { azure_user_id: _azure, user_id: _user, ...markets } = data;
  return markets;
}
