// Measures what a zip really holds by inflating every entry and counting the output, which is thrown away:
// the sizes an archive declares can lie (a 1 KB declaration over a GB of zeros), and the parser behind
// this check would believe them. Inflation stops as soon as the total or a ratio goes past its limit, so
// the worst archive costs at most the limit's worth of inflating, on zlib's thread pool.
import { createInflateRaw } from 'node:zlib';
import { compressedTooMuch, inspectZip, LOCAL_HEADER, tooLargeUncompressed, view, ZipRejected, type ZipEntry, type ZipLimits } from './zip-inspect';

/** Output per zlib step: small enough that a limit is noticed within this many bytes of being crossed. */
const CHUNK_BYTES = 64 * 1024;

/** The entry's compressed bytes, found through its local header (whose own size fields are not used). */
function compressedData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const data = view(bytes);
  const local = entry.localHeaderOffset;
  if (local + 30 > bytes.length || data.getUint32(local, true) !== LOCAL_HEADER) throw new ZipRejected('malformed', `The zip entry ${entry.name} points outside the file.`);
  const start = local + 30 + data.getUint16(local + 26, true) + data.getUint16(local + 28, true);
  if (start + entry.compressedSize > bytes.length) throw new ZipRejected('malformed', `The zip entry ${entry.name} runs past the end of the file.`);
  return bytes.subarray(start, start + entry.compressedSize);
}

/** Inflates one deflated entry, calling `count` with each output chunk's size; `count` throws to stop. */
async function inflateCounting(compressed: Uint8Array, entry: ZipEntry, count: (bytes: number) => void): Promise<void> {
  const inflater = createInflateRaw({ chunkSize: CHUNK_BYTES });
  inflater.end(compressed);
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) count(chunk.length);
  } catch (error) {
    if (error instanceof ZipRejected) throw error;
    throw new ZipRejected('damaged', `The zip entry ${entry.name} is damaged.`);
  } finally {
    inflater.destroy();
  }
}

/**
 * Refuses (ZipRejected) an archive whose entries really inflate to more than the total limit, or whose
 * real sizes break the compression-ratio limit for an entry or overall. Entries are counted each time a
 * directory lists them, so entries that share one compressed stream add up as a parser would read them.
 */
export async function checkInflatedSize(bytes: Uint8Array, limits: ZipLimits): Promise<void> {
  let total = 0;
  let totalCompressed = 0;
  for (const entry of inspectZip(bytes, limits)) {
    const compressed = compressedData(bytes, entry);
    totalCompressed += compressed.length;
    let inflated = 0;
    const count = (size: number) => {
      inflated += size;
      total += size;
      if (total > limits.maxTotalUncompressedBytes) throw tooLargeUncompressed(limits);
      if (inflated >= limits.ratioMinEntryBytes && inflated > limits.maxRatio * Math.max(compressed.length, 1)) throw compressedTooMuch(limits, entry.name);
    };
    if (entry.method === 0) count(compressed.length);
    else await inflateCounting(compressed, entry, count);
  }
  if (total >= limits.ratioMinEntryBytes && total > limits.maxRatio * Math.max(totalCompressed, 1)) throw compressedTooMuch(limits);
}
