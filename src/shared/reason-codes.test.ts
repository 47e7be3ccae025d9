import { describe, expect, it } from 'vitest';
import { IMPORT_REASON_CODES, importReasonLabel } from './reason-codes';

describe('import reason labels', () => {
  it('maps every code of the spec to its label', () => {
    const spec = '001 miss_item, 002 miss_attr, 005 miss_test, 006 test_failed, 007 invalid_data, 008 sync_error, 009 manual_review, 010 discontinued, 020 new_batch, 021 new_tag';
    const pairs = spec.split(', ').map((pair) => pair.split(' ') as [string, string]);
    expect(IMPORT_REASON_CODES).toEqual(pairs.map(([code]) => code));
    for (const [code, label] of pairs) expect(importReasonLabel(code)).toBe(label);
  });

  it('strips an RC- prefix, in any case and with stray spaces', () => {
    expect(importReasonLabel('RC-006')).toBe('test_failed');
    expect(importReasonLabel(' rc-021 ')).toBe('new_tag');
  });

  it('shows an unknown code as it came, without the prefix, rather than hiding it', () => {
    expect(importReasonLabel('RC-099')).toBe('099');
    expect(importReasonLabel('')).toBe('');
  });
});
