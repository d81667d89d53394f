import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Image files an attacker would upload, built in the test: shapes that once made the resize
 * enlarge a thin image to gigapixels, decompression bombs whose header promises far more pixels
 * than their bytes, and files that are not quite images. PNGs are written by hand where sharp
 * would have to hold the whole decoded image to make them.
 */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A valid 1-bit greyscale PNG of width × height black pixels: each row is a filter byte and
 * width/8 zero bytes, which deflate to about a thousandth of their size.
 */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A solid-colour PNG made by sharp: for shapes small enough to build directly. */
export function plainPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c8102e' } })
    .png()
    .toBuffer();
}

/** The first half of a real photo-sized PNG: the header is whole, the pixels stop midway. */
export async function truncatedPng(): Promise<Buffer> {
  const whole = await sharp({
    create: {
      width: 600,
      height: 400,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000" onload="alert(1)"><script>alert(2)</script><rect width="4000" height="4000"/></svg>',
);

export const POLYGLOT_PAYLOAD = '<script>alert(document.cookie)</script>';

/** A PNG that is also an HTML page: a real image with a script after its end. */
export async function htmlPolyglotPng(): Promise<Buffer> {
  return Buffer.concat([
    await plainPng(64, 64),
    Buffer.from(`<html><body>${POLYGLOT_PAYLOAD}</body></html>`),
  ]);
}
