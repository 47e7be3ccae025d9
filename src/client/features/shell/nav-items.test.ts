import { describe, expect, it } from 'vitest';
import { defaultPermissionMap, hasPermission, type Feature } from '../../../shared/permissions';
import type { Role } from '../../../shared/enums';
import { importIndicatorTone, NAV_GROUPS, visibleNav } from './nav-items';

function labelsFor(role: Role): string[] {
  const map = defaultPermissionMap(role);
  const nav = visibleNav(NAV_GROUPS, (feature: Feature, action: string) => hasPermission(map, feature, action));
  return nav.flatMap((group) => [`[${group.label}]`, ...group.items.flatMap((item) => [item.label, ...(item.children ?? []).map((c) => `- ${c.label}`)])]);
}

describe('visibleNav', () => {
  it('shows a Market Admin everything', () => {
    expect(labelsFor('Market Admin')).toEqual([
      '[Operations]', 'Inventory', '- Import Inventory', '- Import History', '- Inventory Issues', '- Reconciliation Report',
      'Menu Management', '- Create Menu', '- Menu Settings', 'Orders', '- Picklists',
      '[Configuration]', 'Standard Case Sizes', 'Users & Roles',
    ]);
  });

  it('hides what a Sales Person may not view, and the configuration group that is left empty', () => {
    expect(labelsFor('Sales Person')).toEqual(['[Operations]', 'Menu Management', '- Create Menu', 'Orders', '- Picklists']);
  });

  it('shows a Fulfilment Person their inventory entries, orders, picklists and case sizes', () => {
    expect(labelsFor('Fulfilment Person')).toEqual([
      '[Operations]', 'Inventory', '- Import History', '- Inventory Issues', 'Orders', '- Picklists', '[Configuration]', 'Standard Case Sizes',
    ]);
  });

  it('keeps a parent whose own view is missing when a child is visible', () => {
    const nav = visibleNav(NAV_GROUPS, (feature) => feature === 'orders-picklist_register');
    expect(nav.flatMap((g) => g.items.map((i) => [i.label, i.linkable, i.children?.map((c) => c.label)]))).toEqual([['Orders', false, ['Picklists']]]);
  });
});

describe('importIndicatorTone', () => {
  it('is red for FAILED, orange while an import is under way or waiting, none otherwise', () => {
    expect(importIndicatorTone('FAILED')).toBe('red');
    expect(importIndicatorTone('IN-PROGRESS')).toBe('orange');
    expect(importIndicatorTone('DRAFT')).toBe('orange');
    expect(importIndicatorTone('FETCH_COMPLETED')).toBe('orange');
    expect(importIndicatorTone('COMMITTED')).toBeNull();
    expect(importIndicatorTone('IDLE')).toBeNull();
  });
});
