import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkInflatedSize } from './zip-inflate';
import { buildZip, buildZipBomb } from './zip-fixtures';
import { DEFAULT_ZIP_LIMITS, inspectZip, ZipRejected } from './zip-inspect';

async function rejection(run: Promise<unknown>): Promise<ZipRejected> {
  try {
    await run;
  } catch (error) {
    if (error instanceof ZipRejected) return error;
    throw error;
  }
  throw new Error('the zip was accepted');
}

describe('checkInflatedSize (what the archive really holds, whatever it declares)', () => {
  it('refuses a zip bomb whose headers declare a 1 KB sheet, though the declared sizes pass', async () => {
    const bomb = buildZipBomb(200, { declaredSheetBytes: 1024 });
    expect(inspectZip(bomb).map((entry) => entry.uncompressedSize)).toEqual([expect.any(Number), expect.any(Number), 1024]);
    const error = await rejection(checkInflatedSize(bomb, DEFAULT_ZIP_LIMITS));
    expect(error.problem).toBe('ratio');
    expect(error.message).toBe('The file is compressed more than 100:1 (xl/worksheets/sheet1.xml), which is how zip bombs look; it was not opened.');
  });

  it('refuses entries that really add up to more than the total limit, at any ratio', async () => {
    const text = Buffer.from(randomBytes(300 * 1024).toString('hex'));
    const lying = buildZip(Array.from({ length: 3 }, (_, index) => ({ name: `xl/part${index}.xml`, data: text, declaredUncompressedSize: 100 })));
    const error = await rejection(checkInflatedSize(lying, { ...DEFAULT_ZIP_LIMITS, maxTotalUncompressedBytes: 1024 * 1024 }));
    expect(error.problem).toBe('too-large-uncompressed');
    expect(error.message).toBe('The file expands to more than 1 MB when opened, which is not accepted. Please upload a smaller file.');
  });

  it('counts each listing of an entry, so entries sharing one compressed stream add up', async () => {
    const zip = Buffer.from(buildZip([{ name: 'a.xml', data: Buffer.from(randomBytes(400 * 1024).toString('hex')) }, { name: 'b.xml', data: Buffer.from('x') }]));
    // Point the second central directory entry at the first entry's data, with its sizes.
    const first = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const second = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), first + 4);
    zip.copy(zip, second + 16, first + 16, first + 28);
    zip.writeUInt32LE(0, second + 42);
    const error = await rejection(checkInflatedSize(zip, { ...DEFAULT_ZIP_LIMITS, maxTotalUncompressedBytes: 1024 * 1024 }));
    expect(error.problem).toBe('too-large-uncompressed');
  });

  it('passes an ordinary archive, and calls a damaged stream damaged', async () => {
    const good = buildZip([{ name: 'a.xml', data: Buffer.from('<sheet>'.repeat(10_000)) }, { name: 'b.bin', data: Buffer.from([1, 2, 3]), stored: true }]);
    await expect(checkInflatedSize(good, DEFAULT_ZIP_LIMITS)).resolves.toBeUndefined();
    const damaged = Buffer.from(good);
    damaged.fill(0xff, 30 + 'a.xml'.length, 30 + 'a.xml'.length + 8);
    expect((await rejection(checkInflatedSize(damaged, DEFAULT_ZIP_LIMITS))).problem).toBe('damaged');
  });
});
