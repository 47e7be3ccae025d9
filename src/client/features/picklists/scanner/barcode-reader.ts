// Reads tag barcodes from the camera: the browser's BarcodeDetector where it has one (Chrome on Android),
// else ZXing (@zxing/browser, plain JavaScript, no download at run time), loaded only when the scanner
// opens so that it never weighs on the first screen.

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
type BarcodeDetectorInstance = { detect(source: HTMLVideoElement | HTMLCanvasElement): Promise<DetectedBarcode[]> };
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats(): Promise<string[]>;
};

async function nativeReader(): Promise<BarcodeReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const supported = await Detector.getSupportedFormats();
    const formats = FORMATS.filter((format) => supported.includes(format));
    if (formats.length === 0) return null;
    const detector = new Detector({ formats });
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

async function zxingReader(): Promise<BarcodeReader> {
  const [{ BrowserMultiFormatReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([import('@zxing/browser'), import('@zxing/library')]);
  const hints = new Map<number, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128, BarcodeFormat.CODE_39, BarcodeFormat.QR_CODE, BarcodeFormat.DATA_MATRIX]]]);
  const reader = new BrowserMultiFormatReader(hints);
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    async read(video) {
      if (!context || video.readyState < 2 || video.videoWidth === 0) return null;
      const scale = Math.min(1, DECODE_WIDTH / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      try {
        return reader.decodeFromCanvas(canvas).getText();
      } catch {
        // Nothing readable in this frame.
        return null;
      }
    },
  };
}

export async function createBarcodeReader(): Promise<BarcodeReader> {
  return (await nativeReader()) ?? zxingReader();
}

/** The back camera where there is one. */
export async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No camera API in this context', 'NotSupportedError');
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
}
