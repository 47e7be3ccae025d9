import { describe, expect, it } from 'vitest';
import { DEFAULT_ZIP_LIMITS, inspectZip, ZipRejected } from './zip-inspect';
import { buildZip, buildZipBomb } from './zip-fixtures';

function rejection(run: () => unknown): ZipRejected {
  try {
    run();
  } catch (error) {
    if (error instanceof ZipRejected) return error;
    throw error;
  }
  throw new Error('the zip was accepted');
}

describe('inspectZip', () => {
  it('lists the entries of an ordinary archive with their sizes', () => {
    const text = Buffer.from('<sheet>'.repeat(1000));
    const entries = inspectZip(buildZip([{ name: 'a.xml', data: text }, { name: 'b.bin', data: Buffer.from([1, 2, 3]), stored: true }]));
    expect(entries).toEqual([
      expect.objectContaining({ name: 'a.xml', uncompressedSize: text.length, method: 8 }),
      { name: 'b.bin', compressedSize: 3, uncompressedSize: 3, method: 0, encrypted: false, localHeaderOffset: 30 + 'a.xml'.length + entries[0]!.compressedSize },
    ]);
  });

  it('refuses a zip bomb by its compression ratio without inflating it', () => {
    const bomb = buildZipBomb(20);
    expect(bomb.length).toBeLessThan(50 * 1024);
    const error = rejection(() => inspectZip(bomb));
    expect(error.problem).toBe('ratio');
    expect(error.message).toContain('zip bombs');
  });

  it('refuses an archive whose entries add up to more than the limit once uncompressed', () => {
    const chunk = Buffer.alloc(1024, 7);
    const lying = buildZip(Array.from({ length: 3 }, (_, index) => ({ name: `part${index}.xml`, data: chunk, stored: true, declaredUncompressedSize: 40 * 1024 * 1024 })));
    // Declared 40 MB each from 1 KB stored: both the total and the ratio are broken; the total is found first.
    const error = rejection(() => inspectZip(lying, { ...DEFAULT_ZIP_LIMITS, maxRatio: Number.MAX_SAFE_INTEGER }));
    expect(error.problem).toBe('too-large-uncompressed');
  });

  it('refuses an archive with too many entries before reading them', () => {
    const many = buildZip(Array.from({ length: 30 }, (_, index) => ({ name: `f${index}`, data: Buffer.from('x'), stored: true })));
    expect(rejection(() => inspectZip(many, { ...DEFAULT_ZIP_LIMITS, maxEntries: 20 })).problem).toBe('too-many-entries');
  });

  it('calls damaged and foreign data what they are', () => {
    expect(rejection(() => inspectZip(Buffer.from('not a zip at all, just text that goes on for a while'))).problem).toBe('not-a-zip');
    const good = buildZip([{ name: 'a', data: Buffer.from('hello world') }]);
    expect(rejection(() => inspectZip(good.subarray(0, good.length - 30))).problem).toBe('malformed');
    const pointingAway = Buffer.from(good);
    pointingAway.writeUInt32LE(0x7fffffff, pointingAway.length - 22 + 16);
    expect(rejection(() => inspectZip(pointingAway)).problem).toBe('malformed');
  });

  it('refuses encrypted entries', () => {
    const zip = Buffer.from(buildZip([{ name: 'secret.xml', data: Buffer.from('x'.repeat(100)) }]));
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt16LE(zip.readUInt16LE(central + 8) | 1, central + 8);
    expect(rejection(() => inspectZip(zip)).problem).toBe('encrypted');
  });
});
