import { mkdirSync, writeFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, iconPng, iconSvg } from './icon.js';

/** The chunks of a PNG, each checked against its CRC. */
function chunks(png: Buffer): { type: string; data: Buffer }[] {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const out: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length; ) {
    const len = png.readUInt32BE(at);
    const body = png.subarray(at + 4, at + 8 + len);
    expect(png.readUInt32BE(at + 8 + len)).toBe(crc32(body));
    out.push({ type: body.subarray(0, 4).toString('ascii'), data: body.subarray(4) });
    at += 12 + len;
  }
  return out;
}

describe('the app icon', () => {
  it('crc32 gives the known check value', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('is a valid RGB PNG of the size asked: felt in the corner, the card and the red heart in the middle', () => {
    const png = iconPng(192);
    mkdirSync('tmp/web', { recursive: true });
    writeFileSync('tmp/web/icon-192.png', png);
    const parts = chunks(png);
    expect(parts.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const ihdr = parts[0].data;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9]]).toEqual([192, 192, 8, 2]);
    const raw = inflateSync(parts[1].data);
    expect(raw.length).toBe(192 * (1 + 192 * 3));
    const px = (x: number, y: number) => [...raw.subarray(y * 577 + 1 + x * 3, y * 577 + 4 + x * 3)];
    expect(px(2, 2)).toEqual([0x2f, 0x6b, 0x47]);
    expect(px(96, 90)).toEqual([0xc0, 0x27, 0x2d]);
    expect(px(60, 150)).toEqual([0xf6, 0xf3, 0xea]);
  });

  it('has an SVG of the same design', () => {
    const svg = iconSvg();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 100 100">/);
    expect(svg).toContain('fill="#2f6b47"');
    expect(svg).toContain('fill="#c0272d"');
    expect(svg.endsWith('</svg>')).toBe(true);
  });
});
