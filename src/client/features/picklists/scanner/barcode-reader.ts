// Reads tag barcodes from the camera: the browser's BarcodeDetector where it has one (Chrome on Android),
// else the barcode-detector polyfill (ZXing-C++ compiled to WebAssembly), loaded only when the scanner
// opens so that it never weighs on the first screen. Its .wasm is one of our own build's files, served
// from our origin (the CSP allows no other), and fetched only when a scanner needs it: it is not in the
// service worker's precache, which would download it for every user, but kept once fetched (vite.config.ts).
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

export type BarcodeReader = {
  /** The first barcode in the video's current frame, or null. */
  read(video: HTMLVideoElement): Promise<string | null>;
};

export type CameraProblem = 'denied' | 'no-camera' | 'unsupported' | 'failed';

export const CAMERA_MESSAGES: Record<CameraProblem, string> = {
  denied: 'Camera access is blocked. Allow the camera for this app in your browser settings, or type the tag number below.',
  'no-camera': 'No camera was found on this device. Type the tag number below.',
  unsupported: 'This browser cannot use the camera here. Type the tag number below.',
  failed: 'The camera could not be started. Type the tag number below.',
};

export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'no-camera';
  if (name === 'NotSupportedError' || name === 'TypeError') return 'unsupported';
  return 'failed';
}

/** Tags are printed as Code 128 (Metrc), Code 39 (older labels), QR or Data Matrix codes. */
const FORMATS = ['code_128', 'code_39', 'qr_code', 'data_matrix'] as const;

type DetectedBarcode = { rawValue: string };
type Detector = { detect(source: HTMLVideoElement | HTMLCanvasElement): Promise<DetectedBarcode[]> };
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<readonly string[]>;
};

async function nativeReader(): Promise<BarcodeReader | null> {
  const NativeDetector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!NativeDetector) return null;
  try {
    const supported = await NativeDetector.getSupportedFormats();
    const formats = FORMATS.filter((format) => supported.includes(format));
    if (formats.length === 0) return null;
    const detector = new NativeDetector({ formats });
    return {
      async read(video) {
        if (video.readyState < 2) return null;
        const [first] = await detector.detect(video);
        return first?.rawValue ?? null;
      },
    };
  } catch {
    return null;
  }
}

/** Frames are scaled down to this width before decoding: plenty for a tag at arm's length, and quick. */
const DECODE_WIDTH = 640;

/**
 * Where the polyfill finds its .wasm: the file Vite emitted from the package, on our own origin (its
 * default is a CDN). One object for the page's life, because the polyfill compares it to decide whether
 * to compile the module again.
 */
const ZXING_OVERRIDES = {
  locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? zxingWasmUrl : prefix + file),
};

async function polyfillReader(): Promise<BarcodeReader> {
  const { BarcodeDetector, prepareZXingModule, purgeZXingModule } = await import('barcode-detector/ponyfill');
  try {
    // Compiled now rather than at the first frame, so that a .wasm that cannot be fetched (offline on first
    // use, or refused) shows the camera problem and the typed field instead of a scanner that never reads.
    await prepareZXingModule({ overrides: ZXING_OVERRIDES, fireImmediately: true });
  } catch (error) {
    // The polyfill keeps a failed load; forget it so that the next time the scanner opens it tries again.
    purgeZXingModule();
    throw error;
  }
  const detector: Detector = new BarcodeDetector({ formats: [...FORMATS] });
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    async read(video) {
      if (!context || video.readyState < 2 || video.videoWidth === 0) return null;
      const scale = Math.min(1, DECODE_WIDTH / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const [first] = await detector.detect(canvas);
      return first?.rawValue ?? null;
    },
  };
}

export async function createBarcodeReader(): Promise<BarcodeReader> {
  return (await nativeReader()) ?? polyfillReader();
}

/** The back camera where there is one. */
export async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No camera API in this context', 'NotSupportedError');
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
}
