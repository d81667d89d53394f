import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * gzip of a text made of parts, where some parts are answered again and again (a page's document
 * shell, a member's header, the footer) and one is new each time (the page's main). Each part is
 * raw-deflated on its own and ended with a sync flush, which leaves the stream byte-aligned, so
 * the compressed parts can be laid end to end inside one gzip member: a kept part is compressed
 * once, and a request compresses only what is new (docs/decisions/0059-pages-gzipped-in-parts.md).
 * A part's matches cannot reach into the parts before it, which costs a few percent of bytes.
 */

/** Text answered many times: its UTF-8 bytes and their deflate made once, when first asked for. */
export class KeptText {
  private bytesMade?: Buffer;
  private deflatedMade?: Buffer;

  constructor(readonly text: string) {}

  get bytes(): Buffer {
    this.bytesMade ??= Buffer.from(this.text);
    return this.bytesMade;
  }

  /** At zlib's default level: made once, so worth its extra CPU. */
  get deflated(): Buffer {
    this.deflatedMade ??= deflatePart(this.bytes, constants.Z_DEFAULT_COMPRESSION);
    return this.deflatedMade;
  }
}

/** A part of a text: a string is new for this answer, a KeptText is shared between answers. */
export type TextPart = string | KeptText;

/** The whole text the parts spell. */
export function joinParts(parts: readonly TextPart[]): string {
  let text = '';
  for (const part of parts) text += typeof part === 'string' ? part : part.text;
  return text;
}

/**
 * The whole text as UTF-8, a kept part's bytes encoded once for every answer that has it. One
 * buffer is allocated and the new strings are encoded straight into it: a buffer per string and
 * then their concatenation cost three allocations of a page's size, and on this machine a new
 * backing store of 16-44 KB costs 15-90 µs, more than encoding the page.
 */
export function partsToBytes(parts: readonly TextPart[]): Buffer {
  let length = 0;
  for (const part of parts) length += typeof part === 'string' ? Buffer.byteLength(part) : part.bytes.length;
  const bytes = Buffer.allocUnsafe(length);
  let at = 0;
  for (const part of parts) {
    at += typeof part === 'string' ? bytes.write(part, at) : part.bytes.copy(bytes, at);
  }
  return bytes;
}

/** The ten bytes of a gzip member's header: deflate, no name, no time, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final, empty block with fixed codes: what ends a deflate stream of sync-flushed parts. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * One gzip member of the parts' text, byte for byte what gunzip gives back as joinParts(parts).
 * New strings are compressed at `level` (a rendered page's level); consecutive ones together.
 */
export function gzipParts(parts: readonly TextPart[], level: number): Buffer {
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  let pending = '';
  const add = (bytes: Buffer, deflated: Buffer) => {
    crc = crc32(bytes, crc);
    size += bytes.length;
    pieces.push(deflated);
  };
  const flushPending = () => {
    if (pending === '') return;
    const bytes = Buffer.from(pending);
    add(bytes, deflatePart(bytes, level));
    pending = '';
  };
  for (const part of parts) {
    if (typeof part === 'string') pending += part;
    else if (part.text !== '') {
      flushPending();
      add(part.bytes, part.deflated);
    }
  }
  flushPending();
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  // ISIZE is the length modulo 2^32 (RFC 1952 2.3.1).
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  pieces.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(pieces);
}

/** Raw deflate ending in a sync flush: byte-aligned, not final, so another part may follow. */
function deflatePart(bytes: Buffer, level: number): Buffer {
  return deflateRawSync(bytes, { level, finishFlush: constants.Z_SYNC_FLUSH });
}
