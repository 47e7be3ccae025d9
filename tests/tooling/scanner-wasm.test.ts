// The client serves zxing-wasm's .wasm itself (the polyfill's default is a CDN): it must be the very file
// the barcode-detector polyfill's JavaScript was built against, or the scanner breaks on the first frame.
// A barcode-detector update that pins another zxing-wasm fails here until package.json follows it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ZXING_WASM_SHA256 } from 'barcode-detector/ponyfill';
import { describe, expect, it } from 'vitest';

describe('the scanner polyfill', () => {
  it("serves the WebAssembly that barcode-detector's JavaScript expects", () => {
    const served = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    expect(createHash('sha256').update(readFileSync(served)).digest('hex')).toBe(ZXING_WASM_SHA256);
  });
});
