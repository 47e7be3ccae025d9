// Which item a scanned or typed tag belongs to. Tags are compared without spaces and case; a barcode
// that wraps the tag in more (a QR code holding a URL, a GS1 prefix) still finds it.
import type { PicklistItem } from '../../../shared/api/picklists';

export type ScanMatch = { kind: 'item'; item: PicklistItem; tag: string } | { kind: 'unknown'; tag: string } | { kind: 'empty' };

export function normaliseTag(raw: string): string {
  return raw.replace(/[\s\p{Cc}]+/gu, '').toUpperCase();
}

/** The shortest tag kept whole inside a longer scan (BioTrack ids have 16 digits, Metrc tags 24 characters). */
const MIN_EMBEDDED_TAG = 12;

export function matchTag(items: readonly PicklistItem[], raw: string): ScanMatch {
  const tag = normaliseTag(raw);
  if (!tag) return { kind: 'empty' };
  for (const item of items) {
    if (item.tag_numbers.some((known) => normaliseTag(known) === tag)) return { kind: 'item', item, tag };
  }
  for (const item of items) {
    const known = item.tag_numbers.map(normaliseTag).find((candidate) => candidate.length >= MIN_EMBEDDED_TAG && tag.includes(candidate));
    if (known) return { kind: 'item', item, tag: known };
  }
  return { kind: 'unknown', tag };
}
