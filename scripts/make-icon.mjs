// Draws the marketplace icon (media/icon.png, 128x128) with Node built-ins only.
//
// The icon is vector shapes (an anvil with a spark above it on a rounded square)
// rasterised by supersampling: each pixel tests SAMPLES x SAMPLES points for
// coverage, which gives clean anti-aliased edges without a graphics library.
// Run: node scripts/make-icon.mjs [output.png]

import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const SIZE = 128;
const SAMPLES = 6;

// ---------------------------------------------------------------- geometry

/** Flattens a path of move/line/quad/cubic commands into a closed polygon. */
function flattenPath(commands, steps = 24) {
  const points = [];
  let current = [0, 0];
  for (const [op, ...args] of commands) {
    if (op === 'M' || op === 'L') {
      current = [args[0], args[1]];
      points.push(current);
    } else if (op === 'Q') {
      const [cx, cy, x, y] = args;
      const [x0, y0] = current;
      for (let i = 1; i <= steps; i++) {
        const t = i / steps;
        const u = 1 - t;
        points.push([u * u * x0 + 2 * u * t * cx + t * t * x, u * u * y0 + 2 * u * t * cy + t * t * y]);
      }
      current = [x, y];
    } else if (op === 'C') {
      const [c1x, c1y, c2x, c2y, x, y] = args;
      const [x0, y0] = current;
      for (let i = 1; i <= steps; i++) {
        const t = i / steps;
        const u = 1 - t;
        points.push([
          u * u * u * x0 + 3 * u * u * t * c1x + 3 * u * t * t * c2x + t * t * t * x,
          u * u * u * y0 + 3 * u * u * t * c1y + 3 * u * t * t * c2y + t * t * t * y,
        ]);
      }
      current = [x, y];
    }
  }
  return points;
}

/** Even-odd point-in-polygon test. */
function insidePolygon(points, x, y) {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function polygonShape(points) {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  return (x, y) => x >= minX && x <= maxX && y >= minY && y <= maxY && insidePolygon(points, x, y);
}

function roundedRect(x0, y0, x1, y1, r) {
  return (x, y) => {
    if (x < x0 || x > x1 || y < y0 || y > y1) return false;
    const dx = Math.max(x0 + r - x, 0, x - (x1 - r));
    const dy = Math.max(y0 + r - y, 0, y - (y1 - r));
    return dx * dx + dy * dy <= r * r;
  };
}

function circle(cx, cy, r) {
  return (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** A four-pointed star with concave sides, like a glint of light. */
function sparkle(cx, cy, outer, inner) {
  const points = [];
  for (let k = 0; k < 4; k++) {
    const a = (k * Math.PI) / 2 - Math.PI / 2;
    const tip = [cx + outer * Math.cos(a), cy + outer * Math.sin(a)];
    const next = ((k + 1) * Math.PI) / 2 - Math.PI / 2;
    const mid = (a + next) / 2;
    const ctrl = [cx + inner * Math.cos(mid), cy + inner * Math.sin(mid)];
    const end = [cx + outer * Math.cos(next), cy + outer * Math.sin(next)];
    if (k === 0) points.push(['M', ...tip]);
    points.push(['Q', ...ctrl, ...end]);
  }
  return polygonShape(flattenPath(points, 16));
}

function intersect(a, b) {
  return (x, y) => a(x, y) && b(x, y);
}

// ---------------------------------------------------------------- colour

function hex(value) {
  const n = parseInt(value.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(a, b, t) {
  return a.map((v, i) => v + (b[i] - v) * t);
}

/** Linear gradient between two points; returns a colour function of (x, y). */
function linearGradient(x0, y0, x1, y1, from, to) {
  const dx = x1 - x0,
    dy = y1 - y0;
  const len2 = dx * dx + dy * dy;
  const a = hex(from),
    b = hex(to);
  return (x, y) => mix(a, b, Math.min(1, Math.max(0, ((x - x0) * dx + (y - y0) * dy) / len2)));
}

function solid(value) {
  const c = hex(value);
  return () => c;
}

// ---------------------------------------------------------------- scene

const background = roundedRect(4, 4, 124, 124, 26);

// Anvil silhouette, drawn clockwise from the top-left corner of the face.
const anvilPath = [
  ['M', 44, 48],
  ['L', 108, 48], // flat working face
  ['L', 108, 57],
  ['Q', 108, 64, 99, 66], // heel curls under into the waist
  ['L', 88, 68],
  ['Q', 82, 69, 82, 76],
  ['L', 82, 82],
  ['Q', 82, 88, 90, 90], // right foot flares out
  ['L', 98, 92],
  ['Q', 103, 93, 103, 98],
  ['L', 103, 103],
  ['L', 41, 103],
  ['L', 41, 98],
  ['Q', 41, 93, 46, 92], // left foot
  ['L', 54, 90],
  ['Q', 62, 88, 62, 82],
  ['L', 62, 76],
  ['Q', 62, 69, 55, 68],
  ['C', 42, 66, 30, 60, 20, 51], // underside of the horn
  ['Q', 17, 48, 21, 48], // rounded horn tip
  ['L', 44, 48],
];
const anvil = polygonShape(flattenPath(anvilPath));
// A white band along the top suggests the polished striking face.
const anvilFace = intersect(anvil, (x, y) => y < 53);

const mainSpark = sparkle(74, 30, 15, 3.2);
const smallSpark = sparkle(97, 22, 7, 1.6);
const ember1 = circle(55, 34, 2.2);
const ember2 = circle(90, 40, 1.8);

/** Moves a layer's shape and paint together. */
function shifted(layer, dx, dy) {
  return {
    ...layer,
    shape: (x, y) => layer.shape(x - dx, y - dy),
    paint: (x, y) => layer.paint(x - dx, y - dy),
  };
}

// The artwork above is drawn on a 128 grid; this offset centres it optically.
const ARTWORK_OFFSET = [0, 4];

const layers = [
  { shape: background, paint: linearGradient(0, 0, 128, 128, '#4338ca', '#1e1b4b') },
  ...[
    { shape: anvil, paint: linearGradient(0, 48, 0, 103, '#e2e8f0', '#94a3b8') },
    { shape: anvilFace, paint: solid('#ffffff') },
    { shape: mainSpark, paint: linearGradient(74, 15, 74, 45, '#fde68a', '#f59e0b') },
    { shape: smallSpark, paint: solid('#fcd34d') },
    { shape: ember1, paint: solid('#fbbf24') },
    { shape: ember2, paint: solid('#fbbf24'), alpha: 0.85 },
  ].map((layer) => shifted(layer, ...ARTWORK_OFFSET)),
];

// ---------------------------------------------------------------- raster

function render() {
  const rgba = Buffer.alloc(SIZE * SIZE * 4);
  const n = SAMPLES * SAMPLES;
  for (let py = 0; py < SIZE; py++) {
    for (let px = 0; px < SIZE; px++) {
      // Composite each sample separately, then average: this keeps edges where
      // two shapes meet free of the dark fringes that averaging coverage gives.
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = px + (sx + 0.5) / SAMPLES;
          const y = py + (sy + 0.5) / SAMPLES;
          let cr = 0,
            cg = 0,
            cb = 0,
            ca = 0; // premultiplied
          for (const layer of layers) {
            if (!layer.shape(x, y)) continue;
            const [lr, lg, lb] = layer.paint(x, y);
            const la = layer.alpha ?? 1;
            cr = lr * la + cr * (1 - la);
            cg = lg * la + cg * (1 - la);
            cb = lb * la + cb * (1 - la);
            ca = la + ca * (1 - la);
          }
          r += cr;
          g += cg;
          b += cb;
          a += ca;
        }
      }
      const i = (py * SIZE + px) * 4;
      const alpha = a / n;
      rgba[i] = alpha ? Math.round(r / n / alpha) : 0;
      rgba[i + 1] = alpha ? Math.round(g / n / alpha) : 0;
      rgba[i + 2] = alpha ? Math.round(b / n / alpha) : 0;
      rgba[i + 3] = Math.round(alpha * 255);
    }
  }
  return rgba;
}

// ---------------------------------------------------------------- PNG

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(rgba, width, height) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  header[10] = 0; // compression
  header[11] = 0; // filter
  header[12] = 0; // interlace
  // Each scanline is prefixed with filter type 0 (none).
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = resolve(process.argv[2] ?? resolve(root, 'media/icon.png'));
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, encodePng(render(), SIZE, SIZE));
console.log(`wrote ${out}`);
