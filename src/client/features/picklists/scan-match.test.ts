import { describe, expect, it } from 'vitest';
import { testItem } from '../../lib/outbox/picklist-fixtures';
import { matchTag, normaliseTag } from './scan-match';

const items = [
  testItem(1, { tag_numbers: ['1A40MN0001002EE1000000101', '1A40MN0001002EE1000000102'] }),
  testItem(2, { tag_numbers: ['1A40MN0001002EE1000000201'] }),
  testItem(3, { tag_numbers: ['4821234000000042'] }),
];

describe('scan to confirm', () => {
  it('finds the item whose batch carries the tag, whatever the case or spacing', () => {
    expect(matchTag(items, '1A40MN0001002EE1000000201')).toMatchObject({ kind: 'item', item: { picklist_item_id: 2 } });
    expect(matchTag(items, ' 1a40mn0001002ee1000000102\n')).toMatchObject({ kind: 'item', item: { picklist_item_id: 1 } });
    expect(matchTag(items, '4821 2340 0000 0042')).toMatchObject({ kind: 'item', item: { picklist_item_id: 3 } });
  });

  it('finds a tag wrapped in a longer code (a QR code with a URL, a GS1 prefix)', () => {
    expect(matchTag(items, 'https://trace.example/t/1A40MN0001002EE1000000101?x=1')).toMatchObject({ kind: 'item', item: { picklist_item_id: 1 }, tag: '1A40MN0001002EE1000000101' });
  });

  it('reports a tag of another batch as not on this picklist', () => {
    expect(matchTag(items, '1A40MN0001002EE1000000999')).toEqual({ kind: 'unknown', tag: '1A40MN0001002EE1000000999' });
  });

  it('does not take a fragment of a tag for the tag', () => {
    expect(matchTag(items, '000000101')).toEqual({ kind: 'unknown', tag: '000000101' });
  });

  it('ignores an empty scan', () => {
    expect(matchTag(items, '   ')).toEqual({ kind: 'empty' });
    expect(normaliseTag('\t1a 2b\u0000')).toBe('1A2B');
  });
});
