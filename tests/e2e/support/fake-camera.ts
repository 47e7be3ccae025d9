// A camera for the scanner tests: a Y4M video of tag barcodes that Chromium plays as its webcam
// (--use-file-for-fake-video-capture). The barcodes are Code 128, as Metrc prints its tags, drawn from
// ZXing's own pattern table so that what the reader decodes is exactly what was encoded.
import { writeFileSync } from 'node:fs';
import zxing from '@zxing/library';

const { Code128Reader } = zxing as unknown as { Code128Reader: { CODE_PATTERNS: Int32Array[] } };
const START_B = 104;
const STOP = 106;

/** Bar and space widths, in modules, of `text` as Code 128 (code set B: printable ASCII). */
function code128Widths(text: string): number[] {
  const values = [...text].map((char) => {
    const code = char.charCodeAt(0);
    if (code < 32 || code > 126) throw new Error(`Code 128 B cannot hold ${JSON.stringify(char)}`);
    return code - 32;
  });
  const checksum = values.reduce((sum, value, index) => sum + value * (index + 1), START_B) % 103;
  return [START_B, ...values, checksum, STOP].flatMap((symbol) => [...Code128Reader.CODE_PATTERNS[symbol]!]);
}

export type CameraScene = { tag: string | null; seconds: number };

const WIDTH = 640;
const HEIGHT = 480;
const FPS = 5;
const MODULE_PX = 2;
const QUIET_MODULES = 10;
const BLACK = 16;
const WHITE = 235;

/** One frame's luma: a white card with the tag's barcode across the middle (or blank). */
function frameLuma(tag: string | null): Uint8Array {
  const luma = new Uint8Array(WIDTH * HEIGHT).fill(WHITE);
  if (!tag) return luma;
  const widths = code128Widths(tag);
  const modules = widths.reduce((sum, width) => sum + width, 0) + 2 * QUIET_MODULES;
  if (modules * MODULE_PX > WIDTH) throw new Error(`tag ${tag} is too long for a ${WIDTH} px frame`);
  let x = Math.floor((WIDTH - modules * MODULE_PX) / 2) + QUIET_MODULES * MODULE_PX;
  const top = HEIGHT / 2 - 90;
  widths.forEach((width, index) => {
    const px = width * MODULE_PX;
    if (index % 2 === 0) for (let y = top; y < top + 180; y += 1) luma.fill(BLACK, y * WIDTH + x, y * WIDTH + x + px);
    x += px;
  });
  return luma;
}

/** Writes the scenes, one after another, as a 4:2:0 Y4M file Chromium loops as its camera. */
export function writeCameraVideo(file: string, scenes: CameraScene[]): void {
  const chroma = new Uint8Array((WIDTH / 2) * (HEIGHT / 2) * 2).fill(128);
  const parts: Uint8Array[] = [Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`)];
  for (const scene of scenes) {
    const luma = frameLuma(scene.tag);
    for (let frame = 0; frame < Math.round(scene.seconds * FPS); frame += 1) parts.push(Buffer.from('FRAME\n'), luma, chroma);
  }
  writeFileSync(file, Buffer.concat(parts));
}
