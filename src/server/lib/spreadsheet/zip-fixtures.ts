// Hand-built zip archives for tests and the benchmark: real ones, and ones that lie or explode (a zip bomb
// dressed as an xlsx). Not used by the server itself.
import { crc32, deflateRawSync } from 'node:zlib';

export type FixtureEntry = {
  name: string;
  data: Uint8Array;
  /** Store instead of deflate. */
  stored?: boolean;
  /** Sizes to write into the headers instead of the true ones (an archive that lies). */
  declaredUncompressedSize?: number;
};

export function buildZip(entries: readonly FixtureEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const body = entry.stored ? Buffer.from(entry.data) : deflateRawSync(entry.data);
    const uncompressed = entry.declaredUncompressedSize ?? entry.data.length;
    const crc = crc32(entry.data);
    const method = entry.stored ? 0 : 8;

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(uncompressed, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(uncompressed, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const CONTENT_TYPES = '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
const WORKBOOK = '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>';

/**
 * An "xlsx" whose one sheet inflates from about 50 KB to `megabytes` MB of zeros. With `declaredSheetBytes`
 * its headers lie about the sheet's size, so that only inflating it shows what it holds.
 */
export function buildZipBomb(megabytes = 20, { declaredSheetBytes }: { declaredSheetBytes?: number } = {}): Uint8Array {
  return buildZip([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: 'xl/workbook.xml', data: Buffer.from(WORKBOOK) },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(megabytes * 1024 * 1024), declaredUncompressedSize: declaredSheetBytes },
  ]);
}
