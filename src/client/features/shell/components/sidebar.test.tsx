import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppStats } from '../../../../shared/api/markets';
import { NAV_GROUPS } from '../nav-items';
import { DesktopSidebar } from './sidebar';

const stats: AppStats & { incompleteInventoryCount: number } = {
  issueCount: 140,
  incompleteInventoryCount: 140,
  pendingOrders: 73,
  pendingPicklists: 57,
  isSyncing: false,
  importStatus: 'FAILED',
  lastImportAt: null,
};

async function renderSidebar(collapsed: boolean) {
  const rootRoute = createRootRoute({ component: () => <DesktopSidebar groups={NAV_GROUPS} stats={stats} collapsed={collapsed} onToggle={() => {}} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router} />);
  await screen.findByRole('navigation', { name: 'Main' });
}

describe('the desktop sidebar', () => {
  it('collapsed to icons, names each entry with what its badge says', async () => {
    await renderSidebar(true);
    expect(screen.getByRole('link', { name: 'Orders, 73 pending orders' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Picklists, 57 pending picklists' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Inventory Issues, 140 incomplete inventory items' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Import Inventory, Last import failed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Import History' })).toBeTruthy();
  });

  it('open, shows each count beside the name', async () => {
    await renderSidebar(false);
    expect(screen.getByRole('link', { name: /^Orders/ }).textContent).toContain('73');
    expect(screen.getByLabelText('73 pending orders')).toBeTruthy();
  });
});
