import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../lib/outbox/outbox-db';
import { formatAgo, SyncStatus, syncedText, waitingText } from './sync-status';

const entry = (id: string, status: OutboxEntry['status']): OutboxEntry => ({
  id,
  userId: 'picker',
  market: 'MN',
  body: { items: [] },
  resource: 'picklist:7',
  parts: ['1', '2'],
  baseVersion: 3,
  status,
  createdAt: 0,
  attempts: 0,
});

describe('the header sync status', () => {
  it('says when the last sync succeeded', () => {
    const now = Date.UTC(2026, 10, 20, 12);
    expect(formatAgo(now - 10_000, now)).toBe('just now');
    expect(formatAgo(now - 2 * 60_000, now)).toBe('2 min ago');
    expect(formatAgo(now - 3 * 3_600_000, now)).toBe('3 h ago');
    expect(formatAgo(now - 26 * 3_600_000, now)).toBe('1 day ago');
    expect(syncedText(now - 2 * 60_000, now)).toBe('Synced 2 min ago');
    expect(syncedText(null, now)).toBe('Not synced yet');
    expect(waitingText(1)).toBe('1 edit waiting to sync');
    expect(waitingText(3)).toBe('3 edits waiting to sync');
  });

  it('counts the waiting edits in an accessible badge, naming those that need the picker', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SyncStatus entries={[entry('a', 'pending'), entry('b', 'conflict')]} lastSync={Date.now() - 120_000} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name: '2 edits waiting to sync, 1 needs you. Synced 2 min ago.' })).toBeTruthy();
  });

  it('after a sync, puts a word beside the tick on narrow screens, not a bare tick', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SyncStatus entries={[]} lastSync={Date.now() - 120_000} />
      </QueryClientProvider>,
    );
    const button = screen.getByRole('button', { name: 'No edits waiting. Synced 2 min ago.' });
    const narrow = [...button.querySelectorAll('span')].find((span) => span.className.includes('lg:hidden'));
    expect(narrow?.textContent).toBe('Synced');
  });
});
