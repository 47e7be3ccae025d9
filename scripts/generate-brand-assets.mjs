// Regenerates the brand assets committed under public/ from public/favicon.svg and the canvas animation below:
//   public/icons/icon-192.png, icon-512.png        rounded square, transparent corners (the SVG as drawn)
//   public/icons/maskable-192.png, maskable-512.png full-bleed #1d5a36, leaf inside the central 80% safe zone
//   public/icons/apple-touch-icon.png              180×180, opaque (RGB, no alpha channel)
//   public/icons/favicon-32.png
//   public/favicon.ico                             the 32 px PNG in an ICO wrapper: browsers ask for /favicon.ico on
//                                                  their own where a page links no icon yet (/login defers its links)
//   public/login-background.webm                   8 s seamless loop, 1280×720 VP9, recorded with MediaRecorder
//   public/login-background.jpg                    poster: the loop's first frame
//   public/login-background-portrait.webp          the poster's centre, portrait and light, for phones (no video there)
//
// Run:  node scripts/generate-brand-assets.mjs            (everything)
//       node scripts/generate-brand-assets.mjs icons      (icons only)
//       node scripts/generate-brand-assets.mjs video      (video and posters only)
//       node scripts/generate-brand-assets.mjs poster     (the phone poster only, from the committed poster)
//
// A maintenance script: nothing in the build runs it, and its outputs are committed. It needs playwright-core (a dev
// dependency) and a Chromium: /usr/bin/chromium, or set CHROMIUM_PATH. Recording the video takes about 70 s (two loops,
// in slow motion); the check at the end plays it back in Chromium. BRAND_VIDEO_BPS overrides the encoder's bitrate.

/* global document, window, OffscreenCanvas, Image, Path2D, MediaRecorder, FileReader */

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = join(root, 'public');
const iconsDir = join(publicDir, 'icons');

const BRAND = { primary: '#1d5a36', light: '#8bc79c' };

const VIDEO = {
  width: 1280,
  height: 720,
  seconds: 8, // the loop period: every motion in the animation repeats exactly after this
  fps: 30,
  codecs: ['vp9', 'vp8'], // the first that MediaRecorder supports
  bitsPerSecond: Number(process.env.BRAND_VIDEO_BPS ?? 1_400_000), // asked of the encoder, which stays well under it
  slow: 4, // recorded at a quarter of the speed (see recordInPage)
  maxBytes: 600 * 1024,
};
const POSTER_MAX_BYTES = 60 * 1024;
/**
 * Phones show the poster instead of the video, as their first screen's largest image: a 1:2 crop of its
 * centre (what a phone's portrait screen shows of it anyway), small enough to arrive with the page.
 */
const PORTRAIT_POSTER = { width: 360, height: 720, maxBytes: 12 * 1024 };

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

// ---------------------------------------------------------------------------------------------------------------------
// The logo: public/favicon.svg is a rounded square (the first <rect>) with the leaf drawn over it.

function readLogo(svg) {
  const rect = svg.match(/<rect\b[^>]*\/>/);
  if (!rect) throw new Error('favicon.svg: expected a <rect .../> background');
  const background = rect[0].match(/fill="([^"]+)"/)?.[1] ?? BRAND.primary;
  const leaf = svg.slice(svg.indexOf(rect[0]) + rect[0].length, svg.lastIndexOf('</svg>')).trim();
  const leafPath = leaf.match(/<path\b[^>]*\bd="([^"]+)"[^>]*\bfill="[^"]+"/)?.[1];
  const veins = [...leaf.matchAll(/<path\b[^>]*\bd="([^"]+)"[^>]*\bstroke-width="([\d.]+)"/g)].map((m) => ({ d: m[1], width: Number(m[2]) }));
  if (!leafPath) throw new Error('favicon.svg: expected a filled <path> for the leaf');
  return { svg, background, leaf, leafPath, veins };
}

/** The leaf on a full-bleed square, scaled about the centre of the 64-unit viewBox. */
function fullBleed(logo, scale) {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">',
    `<rect width="64" height="64" fill="${logo.background}"/>`,
    `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${logo.leaf}</g>`,
    '</svg>',
  ].join('');
}

// The leaf and its stem reach about 26 units (0.41 of the side) from the centre of the 64-unit box. The maskable safe
// zone is a circle of radius 0.4 of the side; at 0.72 the leaf reaches 0.29, leaving margin inside every mask shape.
const MASKABLE_SCALE = 0.72;
// iOS rounds the corners itself and fills transparency with black, so the apple icon is a full, opaque square.
const APPLE_SCALE = 0.86;

const ICONS = [
  { file: 'icon-192.png', size: 192, kind: 'icon' },
  { file: 'icon-512.png', size: 512, kind: 'icon' },
  { file: 'maskable-192.png', size: 192, kind: 'maskable' },
  { file: 'maskable-512.png', size: 512, kind: 'maskable' },
  { file: 'apple-touch-icon.png', size: 180, kind: 'apple' },
  { file: 'favicon-32.png', size: 32, kind: 'icon' },
];

async function renderIcons(page, logo) {
  await mkdir(iconsDir, { recursive: true });
  const written = [];
  for (const icon of ICONS) {
    const svg = icon.kind === 'icon' ? logo.svg : fullBleed(logo, icon.kind === 'maskable' ? MASKABLE_SCALE : APPLE_SCALE);
    const base64 = await page.evaluate(
      async ({ svg, size }) => {
        // Give the SVG the target size so Chromium rasterises the vectors at that size, not a scaled bitmap.
        const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
        const img = new Image();
        img.src = 'data:image/svg+xml;base64,' + btoa(sized);
        await img.decode();
        const canvas = new OffscreenCanvas(size, size);
        const ctx = canvas.getContext('2d');
        ctx.drawImage(img, 0, 0, size, size);
        const rgba = ctx.getImageData(0, 0, size, size).data;
        let binary = '';
        for (let i = 0; i < rgba.length; i += 0x8000) binary += String.fromCharCode(...rgba.subarray(i, i + 0x8000));
        return btoa(binary);
      },
      { svg, size: icon.size },
    );
    const png = encodePng(icon.size, icon.size, Buffer.from(base64, 'base64'), { opaque: icon.kind !== 'icon' });
    await writeFile(join(iconsDir, icon.file), png);
    written.push(join(iconsDir, icon.file));
    if (icon.file === 'favicon-32.png') {
      await writeFile(join(publicDir, 'favicon.ico'), icoOf(png, icon.size));
      written.push(join(publicDir, 'favicon.ico'));
    }
  }
  return written;
}

/** An ICO holding one PNG image (every browser reads PNG inside ICO): its directory, one entry, then the PNG. */
function icoOf(png, size) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // the PNG follows the directory
  return Buffer.concat([header, png]);
}

// ---------------------------------------------------------------------------------------------------------------------
// PNG encoder: 8-bit RGBA, or RGB when the image is opaque (the apple icon must carry no alpha channel).

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function encodePng(width, height, rgba, { opaque }) {
  if (opaque && rgba.some((v, i) => i % 4 === 3 && v !== 255)) throw new Error('an opaque icon has transparent pixels');
  const channels = opaque ? 3 : 4;
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let i = 0, o = 0; i < rgba.length; i += 4) {
    pixels[o++] = rgba[i];
    pixels[o++] = rgba[i + 1];
    pixels[o++] = rgba[i + 2];
    if (!opaque) pixels[o++] = rgba[i + 3];
  }
  // Per row, the filter whose output has the smallest sum of absolute values (the usual heuristic).
  const filtered = Buffer.alloc(height * (stride + 1));
  const zero = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const row = pixels.subarray(y * stride, (y + 1) * stride);
    const prior = y ? pixels.subarray((y - 1) * stride, y * stride) : zero;
    let best = null;
    for (let type = 0; type < 5; type++) {
      const out = Buffer.alloc(stride + 1);
      out[0] = type;
      let cost = 0;
      for (let i = 0; i < stride; i++) {
        const a = i >= channels ? row[i - channels] : 0;
        const b = prior[i];
        const c = i >= channels ? prior[i - channels] : 0;
        let predictor = 0;
        if (type === 1) predictor = a;
        else if (type === 2) predictor = b;
        else if (type === 3) predictor = (a + b) >> 1;
        else if (type === 4) {
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
        }
        const v = (row[i] - predictor) & 0xff;
        out[i + 1] = v;
        cost += v < 128 ? v : 256 - v;
      }
      if (!best || cost < best.cost) best = { cost, out };
    }
    best.out.copy(filtered, y * (stride + 1));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = opaque ? 2 : 6; // colour type: RGB or RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(filtered, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------------------------------
// The login background animation. This function runs in the page (it is injected as source text, so it may use only
// its arguments and browser globals). It returns draw(t) for t in seconds; every motion is a whole number of cycles
// per `period`, so draw(t) and draw(t + period) are the same picture and the recording loops without a seam.
//
// The look: dark green depth with slowly drifting pools of soft green light, the faint floor grid of a vault
// receding to a horizon, and a few blurred leaf silhouettes (the logo's leaf) swaying at three depths. A slow
// elliptical camera drift moves each layer by its depth, which gives the parallax.

function createLoginAnimation(canvas, { period, leafPath, veins, colours }) {
  const W = canvas.width;
  const H = canvas.height;
  const ctx = canvas.getContext('2d', { alpha: false });
  const TAU = Math.PI * 2;

  // Deterministic pseudo-random numbers, so every run lays the scene out the same way.
  let seed = 0x6a5d3b1;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  const layer = (w, h, paint) => {
    const c = new OffscreenCanvas(w, h);
    paint(c.getContext('2d'), w, h);
    return c;
  };

  // The light: a deep green wash with pools of soft light drifting over it. It has no detail, so it is painted at
  // half size and scaled up, which keeps a frame cheap enough to draw in real time while the encoder runs.
  const LW = W / 2;
  const LH = H / 2;
  const light = new OffscreenCanvas(LW, LH);
  const lightCtx = light.getContext('2d', { alpha: false });
  const base = layer(LW, LH, (g) => {
    const lin = g.createLinearGradient(0, 0, LW * 0.35, LH);
    lin.addColorStop(0, '#10311f');
    lin.addColorStop(1, '#0b2316');
    g.fillStyle = lin;
    g.fillRect(0, 0, LW, LH);
    const glow = g.createRadialGradient(LW * 0.5, LH * 0.38, 0, LW * 0.5, LH * 0.38, LW * 0.62);
    glow.addColorStop(0, 'rgba(29, 90, 54, 0.55)');
    glow.addColorStop(1, 'rgba(29, 90, 54, 0)');
    g.fillStyle = glow;
    g.fillRect(0, 0, LW, LH);
  });
  const pool = (radius, rgb) =>
    layer(radius * 2, radius * 2, (g) => {
      const r = g.createRadialGradient(radius, radius, 0, radius, radius, radius);
      r.addColorStop(0, `rgba(${rgb}, 1)`);
      r.addColorStop(0.35, `rgba(${rgb}, 0.55)`);
      r.addColorStop(0.7, `rgba(${rgb}, 0.16)`);
      r.addColorStop(1, `rgba(${rgb}, 0)`);
      g.fillStyle = r;
      g.fillRect(0, 0, radius * 2, radius * 2);
    });
  // x, y: centre as a fraction of the frame; ax, ay: the reach of its loop; kx, ky: cycles per period.
  const pools = [
    { sprite: pool(230, colours.lightRgb), x: 0.3, y: 0.34, ax: 0.09, ay: 0.07, kx: 1, ky: 1, phase: 0.0, alpha: 0.16, depth: 0.25 },
    { sprite: pool(260, '58, 140, 88'), x: 0.72, y: 0.46, ax: 0.08, ay: 0.09, kx: 1, ky: 2, phase: 2.1, alpha: 0.22, depth: 0.2 },
    { sprite: pool(180, colours.lightRgb), x: 0.58, y: 0.2, ax: 0.11, ay: 0.05, kx: 2, ky: 1, phase: 4.0, alpha: 0.1, depth: 0.35 },
    { sprite: pool(210, colours.primaryRgb), x: 0.18, y: 0.78, ax: 0.07, ay: 0.05, kx: 1, ky: 1, phase: 1.3, alpha: 0.35, depth: 0.15 },
  ];
  // Edge darkening, so the light stays away from the frame's edges.
  const vignette = layer(LW, LH, (g) => {
    const r = g.createRadialGradient(LW / 2, LH * 0.45, LH * 0.35, LW / 2, LH * 0.45, LW * 0.75);
    r.addColorStop(0, 'rgba(4, 16, 9, 0)');
    r.addColorStop(1, 'rgba(4, 16, 9, 0.6)');
    g.fillStyle = r;
    g.fillRect(0, 0, LW, LH);
  });

  // Leaf silhouettes: the logo's leaf with its veins knocked out, pre-blurred for depth of field.
  const leafShape = new Path2D(leafPath);
  const veinShapes = veins.map((v) => ({ path: new Path2D(v.d), width: v.width }));
  const leafSprite = (px, blur) => {
    const pad = blur * 3 + 4;
    const size = Math.ceil(px + pad * 2);
    return layer(size, size, (g) => {
      g.filter = `blur(${blur}px)`;
      const s = px / 48; // the leaf is about 48 of the logo's 64 units tall, centred on (32, 32)
      g.translate(size / 2, size / 2);
      g.scale(s, s);
      g.translate(-32, -32);
      g.fillStyle = `rgb(${colours.lightRgb})`;
      g.fill(leafShape);
      g.globalCompositeOperation = 'destination-out';
      g.lineCap = 'round';
      for (const v of veinShapes) {
        g.lineWidth = v.width * 0.7;
        g.stroke(v.path);
      }
    });
  };
  const depths = [
    { depth: 0.45, px: 90, blur: 3, alpha: 0.07, count: 5 },
    { depth: 0.75, px: 170, blur: 6, alpha: 0.075, count: 3 },
    { depth: 1.25, px: 320, blur: 16, alpha: 0.055, count: 2 },
  ];
  const leaves = [];
  for (const d of depths) {
    const sprite = leafSprite(d.px, d.blur);
    for (let i = 0; i < d.count; i++) {
      const slot = (i + 0.25 + random() * 0.5) / d.count;
      leaves.push({
        sprite,
        depth: d.depth,
        alpha: d.alpha * (0.75 + random() * 0.5),
        x: W * (0.04 + slot * 0.92),
        y: H * (0.12 + random() * 0.76),
        rotation: -0.9 + random() * 1.8,
        sway: 0.06 + random() * 0.08,
        bob: 6 + random() * 10,
        phase: random() * TAU,
        k: 1 + (random() < 0.3 ? 1 : 0),
      });
    }
  }

  // The vault floor: a perspective grid below the horizon. Rows advance one spacing per period, so it loops.
  const horizon = H * 0.56;
  const gridFade = ctx.createLinearGradient(0, horizon, 0, H);
  gridFade.addColorStop(0, `rgba(${colours.lightRgb}, 0)`);
  gridFade.addColorStop(0.3, `rgba(${colours.lightRgb}, 0.035)`);
  gridFade.addColorStop(1, `rgba(${colours.lightRgb}, 0.1)`);
  const drawGrid = (theta, camX, camY) => {
    const focal = 420; // px: how strongly the floor recedes
    const eye = 150; // the camera's height above the floor, in floor units
    const spacing = 120; // floor units between rows
    const vx = W / 2 + camX * 0.6; // the vanishing point drifts a little with the camera
    const hy = horizon + camY * 0.3;
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, hy, W, H - hy);
    ctx.clip();
    ctx.strokeStyle = gridFade;
    ctx.lineWidth = 1.25;
    // Rows: a floor line at depth z projects to y = hy + focal * eye / z. Rows come towards the viewer, one spacing
    // per period; the farthest fades in from nothing, so the set of rows at the end of a period matches the start.
    const rows = 12;
    const advance = (theta / TAU) * spacing;
    for (let i = 0; i < rows; i++) {
      const z = 60 + (i + 1) * spacing - advance;
      const y = hy + (focal * eye) / z;
      if (y > H + 2) continue;
      ctx.globalAlpha = Math.min(1, (60 + rows * spacing - z) / (spacing * 3));
      ctx.beginPath();
      ctx.moveTo(0, y);
      ctx.lineTo(W, y);
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
    ctx.beginPath();
    // Columns converge on the vanishing point; their near ends shift against the camera.
    for (let i = -10; i <= 10; i++) {
      const xNear = vx + i * 150 - camX * 1.4;
      ctx.moveTo(vx + (xNear - vx) * 0.1, hy + (H - hy) * 0.1);
      ctx.lineTo(vx + (xNear - vx) * 1.6, H + 40);
    }
    ctx.stroke();
    ctx.restore();
  };

  return function draw(t) {
    const theta = ((((t % period) + period) % period) / period) * TAU;
    // The camera drifts on a closed path, once per period; each layer moves against it by its depth (parallax).
    const camX = Math.sin(theta) * 34;
    const camY = Math.sin(theta * 2) * 9 + Math.cos(theta) * 6;

    lightCtx.globalCompositeOperation = 'source-over';
    lightCtx.globalAlpha = 1;
    lightCtx.drawImage(base, 0, 0);
    lightCtx.globalCompositeOperation = 'lighter';
    for (const p of pools) {
      const cx = LW * (p.x + p.ax * Math.sin(theta * p.kx + p.phase)) - (camX * p.depth) / 2;
      const cy = LH * (p.y + p.ay * Math.cos(theta * p.ky + p.phase)) - (camY * p.depth) / 2;
      lightCtx.globalAlpha = p.alpha * (0.85 + 0.15 * Math.sin(theta + p.phase * 1.7));
      lightCtx.drawImage(p.sprite, cx - p.sprite.width / 2, cy - p.sprite.height / 2);
    }
    lightCtx.globalCompositeOperation = 'source-over';
    lightCtx.globalAlpha = 1;
    lightCtx.drawImage(vignette, 0, 0);

    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalCompositeOperation = 'source-over';
    ctx.globalAlpha = 1;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(light, 0, 0, W, H);
    drawGrid(theta, camX, camY);

    ctx.globalCompositeOperation = 'lighter';
    for (const l of leaves) {
      const x = l.x - camX * l.depth + Math.sin(theta * l.k + l.phase) * l.bob * 0.6;
      const y = l.y - camY * l.depth + Math.cos(theta * l.k + l.phase) * l.bob;
      // Fade towards the frame's edges, as the vignette does for the light.
      const edge = Math.min(1, Math.hypot((x - W / 2) / (W * 0.62), (y - H * 0.45) / (H * 0.8)));
      ctx.globalAlpha = l.alpha * (1 - 0.55 * edge * edge);
      ctx.setTransform(1, 0, 0, 1, x, y);
      ctx.rotate(l.rotation + Math.sin(theta * l.k + l.phase * 1.3) * l.sway);
      ctx.drawImage(l.sprite, -l.sprite.width / 2, -l.sprite.height / 2);
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalCompositeOperation = 'source-over';
    ctx.globalAlpha = 1;
  };
}

// Runs in the page. Records the animation from t = 0 to `seconds` with MediaRecorder, in slow motion: the picture
// advances `slow` times slower than the clock, and finishWebm divides the timestamps by `slow` again. A real-time
// recording drops and delays frames whenever the machine is busy (a 720p software encode is heavy); at a quarter of
// the speed the encoder and the drawing have time to spare. Asks for a keyframe every `keyframeSeconds` of animation.
async function recordInPage({ codecs, seconds, slow, keyframeSeconds, fps, bitsPerSecond }) {
  const canvas = document.querySelector('canvas');
  const draw = window.drawLoginFrame;
  const mimeType = codecs.map((c) => `video/webm;codecs=${c}`).find((m) => MediaRecorder.isTypeSupported(m));
  if (!mimeType) throw new Error('MediaRecorder cannot write WebM here');
  draw(0);
  const stream = canvas.captureStream(); // a frame each time the canvas is drawn
  const [track] = stream.getVideoTracks();
  const recorder = new MediaRecorder(stream, {
    mimeType,
    videoBitsPerSecond: Math.round(bitsPerSecond / slow), // the encoder sees 1/slow of the frames per second
    videoKeyFrameIntervalDuration: keyframeSeconds * slow * 1000,
  });
  const chunks = [];
  recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  const frameMs = (1000 * slow) / fps;
  let frames = 0;
  let skipped = 0;
  await new Promise((resolve) => {
    recorder.start();
    const start = performance.now();
    let slot = 0;
    const tick = () => {
      const elapsed = performance.now() - start;
      if (elapsed >= seconds * slow * 1000) return resolve();
      // The picture follows the clock, so a late frame is late but never out of step with its timestamp.
      draw(elapsed / slow / 1000);
      frames++;
      const behind = Math.floor(elapsed / frameMs) - slot;
      if (behind > 0) skipped += behind;
      slot += 1 + Math.max(0, behind);
      setTimeout(tick, Math.max(0, start + slot * frameMs - performance.now()));
    };
    tick();
  });
  await new Promise((resolve) => setTimeout(resolve, frameMs)); // let the last frame reach the encoder
  recorder.stop();
  track.stop();
  await stopped;
  const blob = new Blob(chunks, { type: 'video/webm' });
  const base64 = await new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(',')[1]);
    reader.readAsDataURL(blob);
  });
  return { base64, mimeType, frames, skipped };
}

async function openAnimationPage(browser, logo) {
  const page = await browser.newPage({ viewport: { width: VIDEO.width, height: VIDEO.height } });
  await page.setContent(`<body style="margin:0;background:#000"><canvas width="${VIDEO.width}" height="${VIDEO.height}"></canvas></body>`);
  await page.addScriptTag({ content: `window.createLoginAnimation = ${createLoginAnimation.toString()};` });
  await page.evaluate(
    (options) => {
      window.drawLoginFrame = window.createLoginAnimation(document.querySelector('canvas'), options);
    },
    {
      period: VIDEO.seconds,
      leafPath: logo.leafPath,
      veins: logo.veins,
      colours: { lightRgb: hexToRgb(BRAND.light), primaryRgb: hexToRgb(BRAND.primary) },
    },
  );
  return page;
}

function hexToRgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return `${n >> 16}, ${(n >> 8) & 255}, ${n & 255}`;
}

async function renderVideo(browser, logo) {
  const page = await openAnimationPage(browser, logo);

  // A real-time encoder starts soft and sharpens over its first second, which would show as a jump each time the loop
  // restarts. So record two periods, with a keyframe every period, and keep the second: it starts on a keyframe, with
  // the encoder settled, at (within a frame) the same phase of the animation as the end of the period.
  let bitsPerSecond = VIDEO.bitsPerSecond;
  let loop;
  for (let attempt = 1; ; attempt++) {
    const { base64, mimeType, frames, skipped } = await page.evaluate(recordInPage, {
      codecs: VIDEO.codecs,
      seconds: VIDEO.seconds * 2 + 0.25,
      slow: VIDEO.slow,
      keyframeSeconds: VIDEO.seconds,
      fps: VIDEO.fps,
      bitsPerSecond,
    });
    const recorded = Buffer.from(base64, 'base64');
    loop = finishWebm(recorded, { seconds: VIDEO.seconds, fps: VIDEO.fps, slow: VIDEO.slow });
    console.log(
      `drew ${frames} frames (${skipped} skipped) at ${bitsPerSecond} bit/s, recorded ${mimeType} ${recorded.length} bytes; ` +
        `the loop starts at ${loop.startsAt.toFixed(3)} s: ${loop.frames} frames (longest gap ` +
        `${(loop.longestGap * 1000).toFixed(0)} ms), ${loop.bytes.length} bytes`,
    );
    if (loop.bytes.length <= VIDEO.maxBytes) break;
    if (attempt === 3) throw new Error(`the video stays over ${VIDEO.maxBytes} bytes; lower VIDEO.bitsPerSecond`);
    bitsPerSecond = Math.round((bitsPerSecond * 0.9 * VIDEO.maxBytes) / loop.bytes.length);
  }
  await writeFile(join(publicDir, 'login-background.webm'), loop.bytes);

  // The poster: the loop's first frame, as a JPEG at the best quality that fits the budget.
  let poster;
  for (let quality = 0.9; quality >= 0.3; quality -= 0.05) {
    const dataUrl = await page.evaluate(
      ({ t, q }) => {
        window.drawLoginFrame(t);
        return document.querySelector('canvas').toDataURL('image/jpeg', q);
      },
      { t: loop.startsAt, q: quality },
    );
    poster = Buffer.from(dataUrl.split(',')[1], 'base64');
    if (poster.length <= POSTER_MAX_BYTES) break;
  }
  if (poster.length > POSTER_MAX_BYTES) throw new Error(`the poster is ${poster.length} bytes even at low quality`);
  await writeFile(join(publicDir, 'login-background.jpg'), poster);
  await page.close();
  return [join(publicDir, 'login-background.webm'), join(publicDir, 'login-background.jpg')];
}

async function renderPortraitPoster(browser) {
  const page = await browser.newPage();
  const jpeg = await readFile(join(publicDir, 'login-background.jpg'));
  await page.setContent('<canvas></canvas>');
  let poster;
  for (let quality = 0.8; quality >= 0.2; quality -= 0.05) {
    const dataUrl = await page.evaluate(
      async ({ source, width, height, q }) => {
        const image = new Image();
        image.src = source;
        await image.decode();
        const canvas = document.querySelector('canvas');
        canvas.width = width;
        canvas.height = height;
        const scale = height / image.naturalHeight;
        const sourceWidth = width / scale;
        canvas.getContext('2d').drawImage(image, (image.naturalWidth - sourceWidth) / 2, 0, sourceWidth, image.naturalHeight, 0, 0, width, height);
        return canvas.toDataURL('image/webp', q);
      },
      { source: `data:image/jpeg;base64,${jpeg.toString('base64')}`, width: PORTRAIT_POSTER.width, height: PORTRAIT_POSTER.height, q: quality },
    );
    poster = Buffer.from(dataUrl.split(',')[1], 'base64');
    if (poster.length <= PORTRAIT_POSTER.maxBytes) break;
  }
  if (poster.length > PORTRAIT_POSTER.maxBytes) throw new Error(`the portrait poster is ${poster.length} bytes even at low quality`);
  await page.close();
  await writeFile(join(publicDir, 'login-background-portrait.webp'), poster);
  return [join(publicDir, 'login-background-portrait.webp')];
}

// ---------------------------------------------------------------------------------------------------------------------
// MediaRecorder writes a live WebM: no duration, no cues, and Segment and Clusters of unknown size, so a browser shows
// duration Infinity and cannot seek (which looping needs). finishWebm rewrites it as a finished file: sized elements,
// a Duration in Info, a Cues index of the keyframes, and a SeekHead pointing at Info, Tracks and Cues.

const ID = {
  EBML: 0x1a45dfa3,
  Segment: 0x18538067,
  SeekHead: 0x114d9b74,
  Seek: 0x4dbb,
  SeekID: 0x53ab,
  SeekPosition: 0x53ac,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  Tracks: 0x1654ae6b,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  ReferenceBlock: 0xfb,
  BlockDuration: 0x9b,
  Cues: 0x1c53bb6b,
  CuePoint: 0xbb,
  CueTime: 0xb3,
  CueTrackPositions: 0xb7,
  CueTrack: 0xf7,
  CueClusterPosition: 0xf1,
  Void: 0xec,
};
const SEGMENT_LEVEL = new Set([ID.SeekHead, ID.Info, ID.Tracks, ID.Cluster, ID.Cues, 0x1254c367, 0x1043a770, 0x1941a469]);

function readId(buf, at) {
  const first = buf[at];
  const length = Math.clz32(first) - 23;
  if (length < 1 || length > 4) throw new Error(`WebM: bad element id at ${at}`);
  return { id: buf.readUIntBE(at, length), length };
}

function readSize(buf, at) {
  const first = buf[at];
  const length = Math.clz32(first) - 23;
  if (length < 1 || length > 8) throw new Error(`WebM: bad element size at ${at}`);
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + buf[at + i];
    allOnes &&= buf[at + i] === 0xff;
  }
  return { size: allOnes ? null : value, length };
}

/** The child elements of buf[start, end). An element of unknown size runs until the next `stopIds` element. */
function children(buf, start, end, stopIds = new Set()) {
  const out = [];
  let at = start;
  while (at < end) {
    const { id, length: idLength } = readId(buf, at);
    const { size, length: sizeLength } = readSize(buf, at + idLength);
    const dataStart = at + idLength + sizeLength;
    let dataEnd;
    if (size === null && !stopIds.size) {
      dataEnd = end; // the Segment of a live recording: it runs to the end of the file
    } else if (size === null) {
      dataEnd = dataStart;
      while (dataEnd < end) {
        const next = readId(buf, dataEnd);
        if (stopIds.has(next.id)) break;
        const nextSize = readSize(buf, dataEnd + next.length);
        if (nextSize.size === null) throw new Error('WebM: nested elements of unknown size');
        dataEnd += next.length + nextSize.length + nextSize.size;
      }
    } else {
      dataEnd = dataStart + size;
    }
    out.push({ id, data: buf.subarray(dataStart, Math.min(dataEnd, end)) });
    at = dataEnd;
  }
  return out;
}

function encodeId(id) {
  const length = id > 0xffffff ? 4 : id > 0xffff ? 3 : id > 0xff ? 2 : 1;
  const out = Buffer.alloc(length);
  out.writeUIntBE(id, 0, length);
  return out;
}

function encodeSize(size, length = 0) {
  if (!length) length = size < 127 ? 1 : size < 16383 ? 2 : size < 2097151 ? 3 : size < 268435455 ? 4 : 8;
  const out = Buffer.alloc(length);
  let v = size;
  for (let i = length - 1; i >= 0; i--) {
    out[i] = v % 256;
    v = Math.floor(v / 256);
  }
  out[0] |= 0x80 >> (length - 1);
  return out;
}

const element = (id, ...parts) => {
  const data = Buffer.concat(parts);
  return Buffer.concat([encodeId(id), encodeSize(data.length), data]);
};
const uint = (id, value, bytes = 8) => {
  const data = Buffer.alloc(bytes);
  data.writeUIntBE(value, bytes - Math.min(bytes, 6), Math.min(bytes, 6));
  return element(id, data);
};
const float64 = (id, value) => {
  const data = Buffer.alloc(8);
  data.writeDoubleBE(value);
  return element(id, data);
};
const sint = (id, value) => {
  const data = Buffer.alloc(4);
  data.writeInt32BE(value);
  return element(id, data);
};
const readUint = (data) => data.reduce((v, b) => v * 256 + b, 0);
const readSint = (data) => (data.length ? data.readIntBE(0, data.length) : 0);

/** The blocks of every cluster, with absolute times: SimpleBlocks, and BlockGroups (a keyframe has no ReferenceBlock). */
function readBlocks(clusters) {
  const blocks = [];
  for (const cluster of clusters) {
    const parts = children(cluster.data, 0, cluster.data.length);
    const timecode = readUint(parts.find((e) => e.id === ID.Timecode)?.data ?? Buffer.alloc(1));
    for (const part of parts) {
      if (part.id !== ID.SimpleBlock && part.id !== ID.BlockGroup) continue;
      const group = part.id === ID.BlockGroup ? children(part.data, 0, part.data.length) : null;
      const block = group ? group.find((e) => e.id === ID.Block)?.data : part.data;
      if (!block) throw new Error('WebM: a BlockGroup without a Block');
      const track = readSize(block, 0);
      const key = group ? !group.some((e) => e.id === ID.ReferenceBlock) : (block[track.length + 2] & 0x80) !== 0;
      blocks.push({ id: part.id, group, block, trackLength: track.length, track: track.size, key, time: timecode + block.readInt16BE(track.length) });
    }
  }
  return blocks;
}

/** A block re-timed relative to a new cluster timecode, its relative references divided by `slow`. */
function writeBlock(b, relative, slow) {
  const block = Buffer.from(b.block);
  block.writeInt16BE(relative, b.trackLength);
  if (!b.group) return element(ID.SimpleBlock, block);
  return element(
    ID.BlockGroup,
    ...b.group.map((e) => {
      if (e.id === ID.Block) return element(ID.Block, block);
      if (e.id === ID.BlockDuration) return uint(ID.BlockDuration, Math.round(readUint(e.data) / slow));
      if (e.id === ID.ReferenceBlock) return sint(ID.ReferenceBlock, Math.round(readSint(e.data) / slow));
      return element(e.id, e.data);
    }),
  );
}

/**
 * Cuts one loop out of a MediaRecorder WebM and writes it as a finished file. The loop runs from the first keyframe at
 * or after `seconds` (the encoder's warm-up is the first period) for `seconds`, less half a frame so that the frame
 * that would repeat the first is left out. Older Chromiums write a live WebM (no duration or cues, Segment and Clusters
 * of unknown size, which a browser cannot seek, and looping seeks); this reads both that and the finished kind.
 * Timestamps are divided by `slow`, undoing the slow motion of the recording.
 */
function finishWebm(buf, { seconds, fps, slow }) {
  const top = children(buf, 0, buf.length);
  const ebml = top.find((e) => e.id === ID.EBML);
  const segment = top.find((e) => e.id === ID.Segment);
  if (!ebml || !segment) throw new Error('WebM: no EBML header or Segment');
  const parts = children(segment.data, 0, segment.data.length, SEGMENT_LEVEL);
  const info = parts.find((e) => e.id === ID.Info);
  const tracks = parts.find((e) => e.id === ID.Tracks);
  if (!info || !tracks) throw new Error('WebM: no Info or Tracks');

  const infoChildren = children(info.data, 0, info.data.length).filter((e) => e.id !== ID.Duration && e.id !== ID.Void);
  const scale = readUint(infoChildren.find((e) => e.id === ID.TimecodeScale)?.data ?? Buffer.from([0x0f, 0x42, 0x40]));
  const period = (seconds * 1e9) / scale; // in timecode units
  const infoOut = element(ID.Info, ...infoChildren.map((e) => element(e.id, e.data)), float64(ID.Duration, period));
  const tracksOut = element(ID.Tracks, tracks.data);

  const blocks = readBlocks(parts.filter((e) => e.id === ID.Cluster)).map((b) => ({ ...b, time: b.time / slow }));
  const first = blocks.find((b) => b.key && b.time >= period - 1e9 / scale / fps);
  if (!first) throw new Error('WebM: no keyframe one period in; this Chromium ignores videoKeyFrameIntervalDuration');
  const end = first.time + period - 1e9 / scale / fps / 2;
  const loop = blocks.filter((b) => b.time >= first.time && b.time < end);

  // A new cluster at each keyframe, as Chromium writes them, and at least every 4 s (WebM asks for at most 5).
  const clusterList = [];
  for (const b of loop) {
    const time = Math.round(b.time - first.time);
    let current = clusterList.at(-1);
    if (!current || b.key || ((time - current.time) * scale) / 1e9 >= 4) {
      current = { time, blocks: [], key: b.key, track: b.track };
      clusterList.push(current);
    }
    current.blocks.push(writeBlock(b, time - current.time, slow));
  }
  const clusters = clusterList.map((c) => ({ ...c, bytes: element(ID.Cluster, uint(ID.Timecode, c.time, 4), ...c.blocks) }));

  // Fixed-width numbers make every size known before the positions are, so the layout takes one pass.
  const cues = (positions) =>
    element(
      ID.Cues,
      ...clusters.flatMap((c, i) =>
        c.key ? [element(ID.CuePoint, uint(ID.CueTime, c.time), element(ID.CueTrackPositions, uint(ID.CueTrack, c.track, 1), uint(ID.CueClusterPosition, positions[i])))] : [],
      ),
    );
  const seekHead = (infoAt, tracksAt, cuesAt) =>
    element(
      ID.SeekHead,
      ...[
        [ID.Info, infoAt],
        [ID.Tracks, tracksAt],
        [ID.Cues, cuesAt],
      ].map(([id, position]) => element(ID.Seek, element(ID.SeekID, encodeId(id)), uint(ID.SeekPosition, position))),
    );
  const seekLength = seekHead(0, 0, 0).length;
  const cuesLength = cues(clusters.map(() => 0)).length;
  const infoAt = seekLength;
  const tracksAt = infoAt + infoOut.length;
  const cuesAt = tracksAt + tracksOut.length;
  let at = cuesAt + cuesLength;
  const positions = clusters.map((c) => {
    const position = at;
    at += c.bytes.length;
    return position;
  });
  const body = Buffer.concat([seekHead(infoAt, tracksAt, cuesAt), infoOut, tracksOut, cues(positions), ...clusters.map((c) => c.bytes)]);
  const gaps = loop.slice(1).map((b, i) => b.time - loop[i].time);
  return {
    bytes: Buffer.concat([element(ID.EBML, ebml.data), encodeId(ID.Segment), encodeSize(body.length, 8), body]),
    frames: loop.length,
    startsAt: (first.time * scale) / 1e9,
    longestGap: (Math.max(...gaps) * scale) / 1e9,
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// Checks: the video plays in Chromium with a finite duration and the right size, and its last frame meets its first.

async function checkVideo(browser) {
  const page = await browser.newPage({ viewport: { width: VIDEO.width, height: VIDEO.height } });
  // Served from a made-up http origin (a file: page would taint the canvas), with byte ranges as a web server would.
  const webm = await readFile(join(publicDir, 'login-background.webm'));
  await page.route('http://brand-assets.invalid/**', (route) => {
    const url = new URL(route.request().url());
    if (url.pathname !== '/login-background.webm') {
      return route.fulfill({ contentType: 'text/html', body: '<body style="margin:0;background:#000"></body>' });
    }
    const range = /bytes=(\d+)-(\d*)/.exec(route.request().headers().range ?? '');
    if (!range) return route.fulfill({ contentType: 'video/webm', body: webm, headers: { 'accept-ranges': 'bytes' } });
    const from = Number(range[1]);
    const to = range[2] ? Math.min(Number(range[2]), webm.length - 1) : webm.length - 1;
    return route.fulfill({
      status: 206,
      contentType: 'video/webm',
      body: webm.subarray(from, to + 1),
      headers: { 'accept-ranges': 'bytes', 'content-range': `bytes ${from}-${to}/${webm.length}` },
    });
  });
  await page.goto('http://brand-assets.invalid/');
  const result = await page.evaluate(async () => {
    const video = document.createElement('video');
    video.muted = true;
    video.preload = 'auto';
    video.src = '/login-background.webm';
    document.body.append(video);
    if (video.readyState < 1) await new Promise((resolve) => video.addEventListener('loadedmetadata', resolve, { once: true }));
    const grab = async (time) => {
      await new Promise((resolve) => {
        video.addEventListener('seeked', resolve, { once: true });
        video.currentTime = time;
      });
      const c = new OffscreenCanvas(160, 90);
      const g = c.getContext('2d');
      g.drawImage(video, 0, 0, 160, 90);
      return g.getImageData(0, 0, 160, 90).data;
    };
    const diff = (a, b) => {
      let sum = 0;
      for (let i = 0; i < a.length; i += 4) sum += Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]);
      return sum / (a.length / 4) / 3;
    };
    const first = await grab(0);
    const last = await grab(video.duration - 1 / 30);
    const middle = await grab(video.duration / 2);
    // Ordinary frame-to-frame steps, for comparison: the encoder's own flicker shows in these too.
    const steps = [];
    for (let i = 1; i < 8; i++) {
      const at = (video.duration * i) / 8;
      steps.push(diff(await grab(at), await grab(at + 1 / 30)));
    }
    // Play across the end with loop set, as the login page does: it should come round to the start and keep going.
    await grab(video.duration - 0.3);
    video.loop = true;
    await video.play();
    const playingFrom = video.currentTime;
    await new Promise((resolve) => setTimeout(resolve, 800));
    const looped = !video.paused && !video.ended && video.currentTime < playingFrom;
    return {
      duration: video.duration,
      width: video.videoWidth,
      height: video.videoHeight,
      looped,
      seam: diff(last, first), // the jump from the last frame back to the first
      step: Math.max(...steps),
      half: diff(first, middle), // how far the picture travels over half a loop
    };
  });
  await page.close();
  const fmt = (n) => n.toFixed(2);
  console.log(
    `check: duration ${fmt(result.duration)} s, ${result.width}×${result.height}, ${result.looped ? 'loops' : 'does NOT loop'}; ` +
      `mean colour change: at the seam ${fmt(result.seam)}, largest other frame step ${fmt(result.step)}, ` +
      `over half a loop ${fmt(result.half)} (of 255)`,
  );
  const problems = [];
  if (!(result.duration > 5 && Number.isFinite(result.duration))) problems.push(`duration ${result.duration}`);
  if (result.width !== VIDEO.width || result.height !== VIDEO.height) problems.push(`size ${result.width}×${result.height}`);
  if (!result.looped) problems.push('it does not play round its loop');
  if (result.seam > Math.max(1.5, result.step * 1.5)) problems.push('the loop has a visible seam');
  if (problems.length) throw new Error(`login-background.webm: ${problems.join('; ')}`);
}

// ---------------------------------------------------------------------------------------------------------------------

const what = process.argv[2] ?? 'all';
if (!['all', 'icons', 'video', 'poster'].includes(what)) throw new Error('usage: node scripts/generate-brand-assets.mjs [all|icons|video|poster]');

const logo = readLogo(await readFile(join(publicDir, 'favicon.svg'), 'utf8'));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const written = [];
  if (what === 'all' || what === 'icons') {
    const page = await browser.newPage();
    written.push(...(await renderIcons(page, logo)));
    await page.close();
  }
  if (what === 'all' || what === 'video') {
    written.push(...(await renderVideo(browser, logo)));
    await checkVideo(browser);
  }
  if (what !== 'icons') written.push(...(await renderPortraitPoster(browser)));
  for (const file of written) console.log(`wrote ${file.slice(root.length + 1)}`);
} finally {
  await browser.close();
}
