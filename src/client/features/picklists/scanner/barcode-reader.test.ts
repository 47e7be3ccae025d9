import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMERA_MESSAGES, cameraProblemOf, createBarcodeReader } from './barcode-reader';

// The polyfill stands in for itself: no camera frame here holds a real barcode, and jsdom runs no wasm.
// (scripts/check-scanner-polyfill.mjs decodes a real one in Chromium.)
const polyfill = vi.hoisted(() => {
  type Overrides = { locateFile(file: string, prefix: string): string };
  const detect = vi.fn<(canvas: HTMLCanvasElement) => Promise<{ rawValue: string }[]>>();
  const created: { formats: string[] }[] = [];
  class BarcodeDetector {
    constructor(options: { formats: string[] }) {
      created.push(options);
    }
    detect = detect;
  }
  const prepareZXingModule = vi.fn<(options: { overrides: Overrides; fireImmediately: true }) => Promise<unknown>>(async () => ({}));
  const purgeZXingModule = vi.fn();
  return { detect, created, BarcodeDetector, prepareZXingModule, purgeZXingModule };
});
vi.mock('barcode-detector/ponyfill', () => ({
  BarcodeDetector: polyfill.BarcodeDetector,
  prepareZXingModule: polyfill.prepareZXingModule,
  purgeZXingModule: polyfill.purgeZXingModule,
}));

describe('camera problems', () => {
  it('tells a blocked camera from a missing one, and both from a browser without the API', () => {
    expect(cameraProblemOf(new DOMException('Permission denied', 'NotAllowedError'))).toBe('denied');
    expect(cameraProblemOf(new DOMException('No device', 'NotFoundError'))).toBe('no-camera');
    expect(cameraProblemOf(new DOMException('No camera API', 'NotSupportedError'))).toBe('unsupported');
    expect(cameraProblemOf(new Error('boom'))).toBe('failed');
  });

  it('always offers the typed field', () => {
    for (const message of Object.values(CAMERA_MESSAGES)) expect(message).toMatch(/type the tag number below/i);
  });
});

/** A playing camera frame of the given size (jsdom has no media, so a video is never ready by itself). */
function cameraFrame({ ready = true, width = 1280, height = 720 } = {}): HTMLVideoElement {
  const video = document.createElement('video');
  Object.defineProperties(video, {
    readyState: { value: ready ? HTMLMediaElement.HAVE_ENOUGH_DATA : HTMLMediaElement.HAVE_METADATA },
    videoWidth: { value: width },
    videoHeight: { value: height },
  });
  return video;
}

type Detected = { rawValue: string }[];

/** A browser's BarcodeDetector that supports `supported` and sees `seen` in every frame. */
function stubBarcodeDetector(supported: string[] | Error, seen: Detected = []) {
  const detect = vi.fn(async (_source: HTMLVideoElement): Promise<Detected> => seen);
  const created: { formats: string[] }[] = [];
  class BarcodeDetector {
    static getSupportedFormats = async () => {
      if (supported instanceof Error) throw supported;
      return supported;
    };
    constructor(options: { formats: string[] }) {
      created.push(options);
    }
    detect = detect;
  }
  vi.stubGlobal('BarcodeDetector', BarcodeDetector);
  return { detect, created };
}

describe('reading tag barcodes', () => {
  beforeEach(() => {
    polyfill.detect.mockReset();
    polyfill.created.length = 0;
    polyfill.prepareZXingModule.mockClear();
    polyfill.purgeZXingModule.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("uses the browser's BarcodeDetector where there is one, for the tag formats it supports, and returns the first code seen", async () => {
    const tag = '1A40MN0001002EE1000000001';
    const { detect, created } = stubBarcodeDetector(['aztec', 'code_128', 'qr_code', 'ean_13'], [{ rawValue: tag }, { rawValue: 'another' }]);
    const reader = await createBarcodeReader();
    const video = cameraFrame();

    expect(await reader.read(video)).toBe(tag);
    expect(detect).toHaveBeenCalledWith(video);
    expect(created).toEqual([{ formats: ['code_128', 'qr_code'] }]);
    expect(polyfill.prepareZXingModule).not.toHaveBeenCalled();
    expect(polyfill.created).toEqual([]);
  });

  it('reads nothing from an empty frame, or from a camera that has not started yet', async () => {
    const { detect } = stubBarcodeDetector(['code_128']);
    const reader = await createBarcodeReader();
    expect(await reader.read(cameraFrame())).toBeNull();
    detect.mockClear();
    expect(await reader.read(cameraFrame({ ready: false }))).toBeNull();
    expect(detect).not.toHaveBeenCalled();
  });

  it('falls back to the polyfill without a BarcodeDetector, reading Code 128, Code 39, QR and Data Matrix from a scaled-down frame', async () => {
    vi.stubGlobal('BarcodeDetector', undefined);
    const drawImage = vi.fn();
    // jsdom draws nothing; the frame only has to reach the decoder.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
    const seen: { width: number; height: number }[] = [];
    polyfill.detect.mockImplementation(async (canvas) => {
      seen.push({ width: canvas.width, height: canvas.height });
      return [{ rawValue: '1A40MN0001002EE1000000002' }, { rawValue: 'another' }];
    });
    const reader = await createBarcodeReader();
    const video = cameraFrame({ width: 1280, height: 720 });

    expect(await reader.read(video)).toBe('1A40MN0001002EE1000000002');
    expect(drawImage).toHaveBeenCalledWith(video, 0, 0, 640, 360);
    expect(seen).toEqual([{ width: 640, height: 360 }]);
    expect(polyfill.created).toEqual([{ formats: ['code_128', 'code_39', 'qr_code', 'data_matrix'] }]);
  });

  it("loads the polyfill's WebAssembly from our own origin, never from its default CDN, before the first frame", async () => {
    vi.stubGlobal('BarcodeDetector', undefined);
    await createBarcodeReader();

    expect(polyfill.prepareZXingModule).toHaveBeenCalledTimes(1);
    const [{ overrides, fireImmediately }] = polyfill.prepareZXingModule.mock.calls[0]!;
    expect(fireImmediately).toBe(true);
    const cdn = 'https://fastly.jsdelivr.net/npm/zxing-wasm@3.1.3/dist/reader/';
    const wasm = overrides.locateFile('zxing_reader.wasm', cdn);
    expect(wasm).toBe(zxingWasmUrl);
    expect(new URL(wasm, window.location.href).origin).toBe(window.location.origin);
  });

  it('reads nothing with the polyfill from a frame without a barcode, and keeps reading the next one', async () => {
    vi.stubGlobal('BarcodeDetector', undefined);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage: vi.fn() } as unknown as CanvasRenderingContext2D);
    polyfill.detect.mockResolvedValueOnce([]).mockResolvedValueOnce([{ rawValue: 'QR-TAG' }]);
    const reader = await createBarcodeReader();
    expect(await reader.read(cameraFrame())).toBeNull();
    expect(await reader.read(cameraFrame())).toBe('QR-TAG');
  });

  it('falls back to the polyfill when the BarcodeDetector supports none of the tag formats, or cannot say which it supports', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage: vi.fn() } as unknown as CanvasRenderingContext2D);
    polyfill.detect.mockResolvedValue([{ rawValue: 'FROM-POLYFILL' }]);
    for (const supported of [['ean_13', 'upc_a'], new Error('not allowed here')]) {
      const { detect } = stubBarcodeDetector(supported, [{ rawValue: 'FROM-DETECTOR' }]);
      const reader = await createBarcodeReader();
      expect(await reader.read(cameraFrame())).toBe('FROM-POLYFILL');
      expect(detect).not.toHaveBeenCalled();
    }
  });

  it('fails to start when the WebAssembly cannot be loaded (so the scanner offers the typed field), and tries again next time', async () => {
    vi.stubGlobal('BarcodeDetector', undefined);
    polyfill.prepareZXingModule.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(createBarcodeReader()).rejects.toThrow('Failed to fetch');
    expect(polyfill.purgeZXingModule).toHaveBeenCalledTimes(1);

    await expect(createBarcodeReader()).resolves.toBeDefined();
    expect(polyfill.prepareZXingModule).toHaveBeenCalledTimes(2);
  });
});
