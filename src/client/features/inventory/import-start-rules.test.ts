import { describe, expect, it } from 'vitest';
import { canStartImport, isImportRunning } from './import-start-rules';

describe('when an import can start', () => {
  const ready = { hasMarket: true, selectedCount: 2, running: false, starting: false };

  it.each([
    ['a market and a checked location', ready, true],
    ['no market', { ...ready, hasMarket: false }, false],
    ['no location checked', { ...ready, selectedCount: 0 }, false],
    ['an import running', { ...ready, running: true }, false],
    ['a start already on its way', { ...ready, starting: true }, false],
  ])('%s: %s', (_description, conditions, expected) => {
    expect(canStartImport(conditions)).toBe(expected);
  });

  it('counts DRAFT and IN_PROGRESS, in either spelling, as running', () => {
    expect(['DRAFT', 'IN_PROGRESS', 'IN-PROGRESS', 'in_progress'].map(isImportRunning)).toEqual([true, true, true, true]);
    expect(['FETCH_COMPLETED', 'COMMITTED', 'FAILED', 'DISCARDED', 'IDLE', '', null, undefined].map(isImportRunning)).toEqual(Array(8).fill(false));
  });
});
