import { deflateSync } from 'node:zlib';

/**
 * The app's icon, drawn here: a card with a red heart on the green felt. The SVG is for the browser tab, the PNGs
 * (192 and 512 px, drawn by `iconPng` without any image library) for the web app manifest. Everything that matters
 * stays inside the middle 80 %, so the icon can be shown masked (round or squircle) too.
 */
const FELT = [0x2f, 0x6b, 0x47] as const;
const PAPER = [0xf6, 0xf3, 0xea] as const;
const HEART = [0xc0, 0x27, 0x2d] as const;
const EDGE = [0x24, 0x55, 0x38] as const;

/** The card: centre, half width and half height, corner radius, in units of the icon's size. */
const CARD = { cx: 0.5, cy: 0.5, hw: 0.23, hh: 0.32, r: 0.04 };
/** The heart's centre and scale, in units of the icon's size. */
const HEART_AT = { cx: 0.5, cy: 0.47, s: 0.12 };

export function iconSvg(): string {
  const { cx, cy, hw, hh, r } = CARD;
  const h = HEART_AT;
  // The heart curve of `inHeart`, traced as a polygon: (u² + v² − 1)³ = u² v³ in polar steps.
  const points: string[] = [];
  for (let i = 0; i < 96; i++) {
    const t = (i / 96) * 2 * Math.PI;
    const u = 16 * Math.sin(t) ** 3;
    const v = 13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t);
    points.push(`${(100 * (h.cx + (u / 14.5) * h.s)).toFixed(2)},${(100 * (h.cy - (v / 13) * h.s * 1.05 + 0.02)).toFixed(2)}`);
  }
  const hex = (c: readonly number[]) => `#${c.map((x) => x.toString(16).padStart(2, '0')).join('')}`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
    `<rect width="100" height="100" fill="${hex(FELT)}"/>`,
    `<rect x="${100 * (cx - hw)}" y="${100 * (cy - hh)}" width="${200 * hw}" height="${200 * hh}" rx="${100 * r}" fill="${hex(PAPER)}" stroke="${hex(EDGE)}" stroke-width="1.2"/>`,
    `<polygon points="${points.join(' ')}" fill="${hex(HEART)}"/>`,
    '</svg>',
  ].join('');
}

/** The heart as a polygon (units of the icon's size): the same parametric curve as the SVG's. */
function heartPolygon(): [number, number][] {
  const h = HEART_AT;
  const out: [number, number][] = [];
  for (let i = 0; i < 192; i++) {
    const t = (i / 192) * 2 * Math.PI;
    const u = 16 * Math.sin(t) ** 3;
    const v = 13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t);
    out.push([h.cx + (u / 14.5) * h.s, h.cy - (v / 13) * h.s * 1.05 + 0.02]);
  }
  return out;
}

/** Where a horizontal line at `y` crosses the polygon's edges, left to right: inside between the 1st and 2nd, 3rd and 4th, … */
function crossings(poly: readonly [number, number][], y: number): number[] {
  const xs: number[] = [];
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y) xs.push(((xj - xi) * (y - yi)) / (yj - yi) + xi);
  }
  return xs.sort((a, b) => a - b);
}

/** The colour at a point of the icon (units of its size); `across` are the heart's crossings of the point's row. */
function colourAt(across: readonly number[], x: number, y: number): readonly number[] {
  const { cx, cy, hw, hh, r } = CARD;
  const dx = Math.max(Math.abs(x - cx) - (hw - r), 0);
  const dy = Math.max(Math.abs(y - cy) - (hh - r), 0);
  const d = Math.hypot(dx, dy) - r;
  if (d > 0.006) return FELT;
  if (d > 0) return EDGE;
  const before = across.filter((c) => c < x).length;
  return before % 2 === 1 ? HEART : PAPER;
}

/** The icon as a PNG of `size` × `size` pixels (RGB, 3 × 3 samples a pixel). */
export function iconPng(size: number): Buffer {
  const poly = heartPolygon();
  const row = 1 + size * 3;
  const raw = Buffer.alloc(row * size);
  const n = 3;
  for (let py = 0; py < size; py++) {
    raw[py * row] = 0; // filter: none
    const rows = Array.from({ length: n }, (_, sy) => crossings(poly, (py + (sy + 0.5) / n) / size));
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = colourAt(rows[sy], (px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size);
          sum[0] += c[0];
          sum[1] += c[1];
          sum[2] += c[2];
        }
      }
      for (let k = 0; k < 3; k++) raw[py * row + 1 + px * 3 + k] = Math.round(sum[k] / (n * n));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([len, body, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 as PNG chunks carry it. */
export function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of data) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
