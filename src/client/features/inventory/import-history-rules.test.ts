import { describe, expect, it } from 'vitest';
import { historyStatusLabel, importedByLabel } from './import-history-rules';

describe('the import history labels', () => {
  it.each([
    [null, 'System'],
    ['', 'System'],
    ['   ', 'System'],
    ['Avery Admin', 'Avery Admin'],
  ])('importedBy %j is %s', (userName, expected) => {
    expect(importedByLabel(userName)).toBe(expected);
  });

  it.each([
    ['COMMITTED', { label: 'Completed', completed: true }],
    ['DISCARDED', { label: 'DISCARDED', completed: false }],
    ['IN-PROGRESS', { label: 'IN-PROGRESS', completed: false }],
    ['FAILED', { label: 'FAILED', completed: false }],
    ['ARCHIVED', { label: 'Unknown', completed: false }],
    ['', { label: 'Unknown', completed: false }],
    [null, { label: 'Unknown', completed: false }],
  ])('status %j shows as %j', (status, expected) => {
    expect(historyStatusLabel(status)).toEqual(expected);
  });
});
