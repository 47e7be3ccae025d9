// Imports as the end-to-end specs drive them: a market held by one test at a time (the import screens follow a
// market's latest import, whoever started it), and the detail rows and status read through the API.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ImportDetailRow, ImportMeta } from '../../../src/shared/api/inventory-import';
import type { ImportStatus, ImportTab, MarketCode } from '../../../src/shared/enums';
import type { ApiClient } from './api';

/** How often a test waiting for a market another repetition holds looks again. */
const MARKET_WAIT_MS = 500;

/**
 * Holds `market` of this server for the test until the answered release is called: a folder made with mkdir
 * beside the fixtures' claims (support/claims.ts), which only one process can make.
 */
export async function holdMarket(server: string, market: MarketCode): Promise<() => void> {
  const root = process.env.E2E_CLAIMS_DIR;
  if (!root) throw new Error('E2E_CLAIMS_DIR is not set: run the specs through playwright.config.ts, whose global setup makes it');
  const folder = path.join(root, server.replace(/[^a-zA-Z0-9]+/g, '_'));
  mkdirSync(folder, { recursive: true });
  const lock = path.join(folder, `import-market-${market}`);
  for (;;) {
    try {
      mkdirSync(lock);
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await sleep(MARKET_WAIT_MS);
    }
  }
}

export type DetailsPage = { data: ImportDetailRow[]; metaDetails: ImportMeta };

export async function importDetails(api: ApiClient, market: MarketCode, referenceId: string, tab: ImportTab, pageSize = 25): Promise<DetailsPage> {
  const response = await api.send('POST', `/inventory/import/${referenceId}/details`, { marketCode: market, tab, pagination: { page: 1, pageSize } });
  if (!response.ok()) throw new Error(`The details of ${referenceId} (${tab}) answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as DetailsPage;
}

export const importStatusOf = async (api: ApiClient, market: MarketCode, referenceId: string): Promise<ImportStatus> =>
  (await importDetails(api, market, referenceId, 'inventory_updates', 1)).metaDetails.importStatus;

/** Discards the import if it still waits for a decision, so that a failed test leaves its locations free. */
export async function discardIfWaiting(api: ApiClient, market: MarketCode, referenceId: string | undefined): Promise<void> {
  if (!referenceId) return;
  if ((await importStatusOf(api, market, referenceId)) === 'FETCH_COMPLETED') await api.post(`/inventory/import/${referenceId}/action`, { action: 'discard' });
}

