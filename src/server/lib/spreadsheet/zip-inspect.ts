// Reads a zip's central directory without inflating anything, so that a zip bomb (too many entries, too
// much data once uncompressed, or an implausible compression ratio) is refused cheaply before any parser
// sees it. The sizes are what the archive declares; zip-inflate.ts then measures what it really holds.

export type ZipEntry = {
  name: string;
  compressedSize: number;
  /** As declared, which a hostile archive may understate. */
  uncompressedSize: number;
  method: number;
  encrypted: boolean;
  localHeaderOffset: number;
};

export type ZipLimits = {
  /** Most entries an archive may list. */
  maxEntries: number;
  /** Most bytes all entries may hold once uncompressed. */
  maxTotalUncompressedBytes: number;
  /** Highest uncompressed:compressed ratio, for the whole archive and for any large entry. */
  maxRatio: number;
  /** Entries smaller than this once uncompressed are not held to the ratio (tiny files compress wildly). */
  ratioMinEntryBytes: number;
};

/**
 * An order sheet within the row limit (10,000 rows) is a few MB of XML; 50 MB leaves room for other sheets
 * and formatting, while keeping the worst file that gets as far as the parser within the benchmark's budget
 * (bench/upload.bench.ts: about twice the time and memory of the largest accepted file).
 */
export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 2_000,
  maxTotalUncompressedBytes: 50 * 1024 * 1024,
  maxRatio: 100,
  ratioMinEntryBytes: 1024 * 1024,
};

export type ZipProblem = 'not-a-zip' | 'malformed' | 'damaged' | 'too-many-entries' | 'too-large-uncompressed' | 'ratio' | 'encrypted' | 'unsupported-compression';

export class ZipRejected extends Error {
  constructor(
    readonly problem: ZipProblem,
    message: string,
  ) {
    super(message);
    this.name = 'ZipRejected';
  }
}

export function tooLargeUncompressed(limits: ZipLimits): ZipRejected {
  const megabytes = Math.round(limits.maxTotalUncompressedBytes / 1024 / 1024);
  return new ZipRejected('too-large-uncompressed', `The file expands to more than ${megabytes} MB when opened, which is not accepted. Please upload a smaller file.`);
}

/** Refuses an entry (named) or the whole archive (no name) for its compression ratio. */
export function compressedTooMuch(limits: ZipLimits, entryName?: string): ZipRejected {
  return new ZipRejected('ratio', `The file is compressed more than ${limits.maxRatio}:1 ${entryName === undefined ? 'overall' : `(${entryName})`}, which is how zip bombs look; it was not opened.`);
}

const EOCD = 0x06054b50;
const ZIP64_EOCD_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
export const LOCAL_HEADER = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

export function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A 64-bit size as a number; anything past 2^53 is clamped (it is refused by the limits long before). */
function u64(data: DataView, offset: number): number {
  const value = data.getBigUint64(offset, true);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}

function findEndOfCentralDirectory(data: DataView): number {
  const lowest = Math.max(0, data.byteLength - EOCD_SIZE - MAX_COMMENT);
  for (let offset = data.byteLength - EOCD_SIZE; offset >= lowest; offset -= 1) {
    if (data.getUint32(offset, true) === EOCD) return offset;
  }
  throw new ZipRejected('malformed', 'The zip archive has no end-of-central-directory record.');
}

type Directory = { entryCount: number; offset: number; size: number };

function readDirectory(data: DataView): Directory {
  const eocd = findEndOfCentralDirectory(data);
  const disk = data.getUint16(eocd + 4, true);
  const directoryDisk = data.getUint16(eocd + 6, true);
  if (disk !== 0 || directoryDisk !== 0) throw new ZipRejected('malformed', 'Split (multi-part) zip archives are not supported.');
  let entryCount = data.getUint16(eocd + 10, true);
  let size = data.getUint32(eocd + 12, true);
  let offset = data.getUint32(eocd + 16, true);
  if (entryCount === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || data.getUint32(locator, true) !== ZIP64_EOCD_LOCATOR) throw new ZipRejected('malformed', 'The zip64 locator is missing.');
    const record = u64(data, locator + 8);
    if (record + 56 > data.byteLength || data.getUint32(record, true) !== ZIP64_EOCD) throw new ZipRejected('malformed', 'The zip64 directory record is missing.');
    entryCount = u64(data, record + 32);
    size = u64(data, record + 40);
    offset = u64(data, record + 48);
  }
  if (offset + size > data.byteLength) throw new ZipRejected('malformed', 'The zip central directory lies outside the file.');
  return { entryCount, offset, size };
}

/** Sizes (and the local header offset) in a zip64 extra field replace the 32-bit ones that are all ones. */
function applyZip64Extra(data: DataView, start: number, length: number, fields: { uncompressed: number; compressed: number; local: number }) {
  let cursor = start;
  const end = start + length;
  while (cursor + 4 <= end) {
    const id = data.getUint16(cursor, true);
    const size = data.getUint16(cursor + 2, true);
    if (id === 0x0001) {
      let field = cursor + 4;
      const take = (): number => {
        if (field + 8 > cursor + 4 + size) throw new ZipRejected('malformed', 'A zip64 extra field is truncated.');
        const value = u64(data, field);
        field += 8;
        return value;
      };
      if (fields.uncompressed === 0xffffffff) fields.uncompressed = take();
      if (fields.compressed === 0xffffffff) fields.compressed = take();
      if (fields.local === 0xffffffff) fields.local = take();
      return;
    }
    cursor += 4 + size;
  }
}

/** Lists the entries of a zip archive, refusing it when it breaks a limit. Nothing is decompressed. */
export function inspectZip(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipEntry[] {
  if (!looksLikeZip(bytes) || bytes.length < EOCD_SIZE + 30) throw new ZipRejected('not-a-zip', 'The file is not a zip archive.');
  const data = view(bytes);
  const directory = readDirectory(data);
  if (directory.entryCount > limits.maxEntries) {
    throw new ZipRejected('too-many-entries', `The file holds ${directory.entryCount.toLocaleString('en-US')} parts; at most ${limits.maxEntries.toLocaleString('en-US')} are accepted.`);
  }

  const entries: ZipEntry[] = [];
  let cursor = directory.offset;
  const end = directory.offset + directory.size;
  let totalUncompressed = 0;
  let totalCompressed = 0;
  for (let index = 0; index < directory.entryCount; index += 1) {
    if (cursor + 46 > end || data.getUint32(cursor, true) !== CENTRAL_HEADER) throw new ZipRejected('malformed', 'The zip central directory is damaged.');
    const flags = data.getUint16(cursor + 8, true);
    const method = data.getUint16(cursor + 10, true);
    const fields = { compressed: data.getUint32(cursor + 20, true), uncompressed: data.getUint32(cursor + 24, true), local: data.getUint32(cursor + 42, true) };
    const nameLength = data.getUint16(cursor + 28, true);
    const extraLength = data.getUint16(cursor + 30, true);
    const commentLength = data.getUint16(cursor + 32, true);
    const nameStart = cursor + 46;
    if (nameStart + nameLength + extraLength + commentLength > end) throw new ZipRejected('malformed', 'The zip central directory is damaged.');
    applyZip64Extra(data, nameStart + nameLength, extraLength, fields);
    const name = new TextDecoder().decode(bytes.subarray(nameStart, nameStart + nameLength));

    if (fields.local + 30 > bytes.length || data.getUint32(fields.local, true) !== LOCAL_HEADER) throw new ZipRejected('malformed', `The zip entry ${name} points outside the file.`);
    if (fields.compressed > bytes.length) throw new ZipRejected('malformed', `The zip entry ${name} claims to be larger than the file.`);
    const encrypted = (flags & 0x1) !== 0;
    if (encrypted) throw new ZipRejected('encrypted', 'The file is password-protected. Remove the password and upload it again.');
    if (method !== 0 && method !== 8) throw new ZipRejected('unsupported-compression', `The zip entry ${name} uses an unsupported compression method (${method}).`);

    totalUncompressed += fields.uncompressed;
    totalCompressed += fields.compressed;
    if (totalUncompressed > limits.maxTotalUncompressedBytes) {
      throw tooLargeUncompressed(limits);
    }
    if (fields.uncompressed >= limits.ratioMinEntryBytes && fields.uncompressed > limits.maxRatio * Math.max(fields.compressed, 1)) {
      throw compressedTooMuch(limits, name);
    }
    entries.push({ name, compressedSize: fields.compressed, uncompressedSize: fields.uncompressed, method, encrypted, localHeaderOffset: fields.local });
    cursor = nameStart + nameLength + extraLength + commentLength;
  }
  if (totalUncompressed >= limits.ratioMinEntryBytes && totalUncompressed > limits.maxRatio * Math.max(totalCompressed, 1)) {
    throw compressedTooMuch(limits);
  }
  return entries;
}
