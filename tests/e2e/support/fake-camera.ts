// A camera for the scanner tests: a Y4M video of tag barcodes that Chromium plays as its webcam
// (--use-file-for-fake-video-capture). The barcodes are Code 128, as Metrc prints its tags.
import { writeFileSync } from 'node:fs';

/**
 * Code 128's symbols 0 to 106 (ISO/IEC 15417) as bar and space widths in modules: six each, seven for
 * the stop symbol. A wrong digit here makes the scanner spec fail to read its tags, not pass wrongly.
 */
const CODE_128_PATTERNS = [
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212',
  '112232 122132 122231 113222 123122 123221 223211 221132 221231 213212 223112 312131',
  '311222 321122 321221 312212 322112 322211 212123 212321 232121 111323 131123 131321',
  '112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121',
  '313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111',
  '314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 112412 122114',
  '122411 142112 142211 241211 221114 413111 241112 134111 111242 121142 121241 114212',
  '124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113',
  '114311 411113 411311 113141 114131 311141 411131 211412 211214 211232 2331112',
]
  .join(' ')
  .split(' ')
  .map((pattern) => [...pattern].map(Number));
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
  return [START_B, ...values, checksum, STOP].flatMap((symbol) => CODE_128_PATTERNS[symbol]!);
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
