import { createGunzip, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipParts, joinParts, KeptText, partsToBytes } from './gzip-parts';

const SHELL = `<!doctype html><html lang="en"><head><title>Settings · Campaign HQ</title></head><body>`;
const HEADER = `<header>${'<a href="/about">About</a>'.repeat(40)}</header>`;
const FOOTER = '<footer>© 2025 – 2026 Campaign HQ</footer></body></html>';

/** Everything a streaming client reads, as browsers do (not only zlib's one-shot call). */
async function gunzipStreamed(bytes: Buffer): Promise<string> {
  const chunks: Buffer[] = [];
  const gunzip = createGunzip();
  gunzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => gunzip.on('end', resolve).on('error', reject));
  gunzip.end(bytes);
  await done;
  return Buffer.concat(chunks).toString();
}

describe('gzipParts', () => {
  it('makes one gzip member that gives back the whole text, kept parts and new ones alike', async () => {
    const parts = [
      new KeptText(SHELL),
      new KeptText(HEADER),
      '<main>Jordan Rivera’s ',
      'settings 🗳️</main>',
      new KeptText(FOOTER),
    ];
    const text = joinParts(parts);
    expect(text).toBe(`${SHELL}${HEADER}<main>Jordan Rivera’s settings 🗳️</main>${FOOTER}`);
    const packed = gzipParts(parts, 1);
    expect(gunzipSync(packed).toString()).toBe(text);
    expect(await gunzipStreamed(packed)).toBe(text);
  });

  it('lays a kept part’s compressed bytes into every answer, made once', () => {
    const header = new KeptText(HEADER);
    const first = gzipParts([header, '<main>one</main>'], 1);
    const deflated = header.deflated;
    const second = gzipParts([header, '<main>two</main>'], 1);
    expect(header.deflated).toBe(deflated);
    expect(first.indexOf(deflated)).toBeGreaterThan(0);
    expect(second.indexOf(deflated)).toBeGreaterThan(0);
    expect(gunzipSync(second).toString()).toBe(`${HEADER}<main>two</main>`);
  });

  it('costs few bytes more than compressing the whole text at once', () => {
    const main = `<main>${Array.from({ length: 200 }, (_, i) => `<p>Member ${i}</p>`).join('')}</main>`;
    const parts = [new KeptText(SHELL), new KeptText(HEADER), main, new KeptText(FOOTER)];
    const whole = gzipSync(joinParts(parts), { level: 1 });
    expect(gzipParts(parts, 1).length).toBeLessThan(whole.length * 1.1);
  });

  it('spells the same text as UTF-8 bytes, a kept part’s encoded once', () => {
    const footer = new KeptText(FOOTER);
    const parts = [new KeptText(SHELL), '<main>Jordan Rivera’s 🗳️</main>', footer];
    expect(partsToBytes(parts).toString()).toBe(joinParts(parts));
    const bytes = footer.bytes;
    partsToBytes(parts);
    expect(footer.bytes).toBe(bytes);
  });

  it('handles empty parts and no parts', () => {
    expect(gunzipSync(gzipParts([], 1)).toString()).toBe('');
    expect(gunzipSync(gzipParts(['', new KeptText(''), 'x', ''], 1)).toString()).toBe('x');
  });

  it('records the text’s length and checksum, so a corrupted answer is refused', () => {
    const packed = gzipParts([new KeptText(SHELL), 'new'], 1);
    const corrupted = Buffer.from(packed);
    corrupted[corrupted.length - 5] = (corrupted.at(-5) ?? 0) ^ 0xff;
    expect(() => gunzipSync(corrupted)).toThrow();
  });
});
