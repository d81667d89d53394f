import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../factories/accounts';
import {
  htmlPolyglotPng,
  POLYGLOT_PAYLOAD,
  plainPng,
  pngBomb,
  SVG_WITH_SCRIPT,
  truncatedPng,
} from '../../factories/hostile-images';
import { signedIn } from '../../factories/staff';
import { createTestApp, type TestApp, type TestBrowser } from '../../factories/test-app';

/**
 * Issue 41, item 1: every route that takes an image answers a hostile one within 5 s with a 400
 * naming the image field, and the server's memory stays put. A 1.3 KB PNG of 1 × 60,000 px once
 * made the profile upload enlarge it to 256 px wide before cropping and allocate without end.
 */
const ANSWER_WITHIN_MS = 5_000;
const MEMORY_GROWTH_LIMIT = 200 * 1024 * 1024;

let t: TestApp;
let dataDir: string;
let member: TestBrowser;
let memberId: number;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hostile-images-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  memberId = (await demoAccounts(t.db, 'member')).member.id;
  member = await signedIn(t, 'member@demo.campaignhq.test');
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

function imageForm(bytes: Buffer, type: string, fields: Record<string, string> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  body.set('image', new File([new Uint8Array(bytes)], 'upload', { type }));
  return body;
}

/** The answer, or a failure once the deadline passes (the old code never answered at all). */
async function within<T>(ms: number, work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    const value = await Promise.race([work, deadline]);
    return { value, ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

async function uploadProfileImage(bytes: Buffer, type: string) {
  const res = await member.request('/myprofile/image', {
    method: 'POST',
    body: imageForm(bytes, type),
    headers: { accept: 'application/json' },
  });
  return { status: res.status, body: (await res.json()) as { url?: string; error?: string } };
}

async function postWithImage(bytes: Buffer, type: string) {
  const res = await member.request('/social-media/create-post', {
    method: 'POST',
    body: imageForm(bytes, type, { body: 'A picture from the canvass.' }),
  });
  return { status: res.status, text: await res.text(), location: res.headers.get('location') };
}

/** The peak resident memory while `work` runs, sampled every 10 ms, less the resident memory before. */
async function peakMemoryGrowth(work: () => Promise<void>): Promise<number> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage.rss()) - before;
}

const NOT_READABLE = 'This file is not an image we can read.';
const WRONG_TYPE = 'Please choose a JPEG, PNG, WebP, GIF or AVIF image.';
const ODD_SHAPE = /too narrow or too wide/;
const TOO_LARGE = /too large|too many pixels/;

describe('hostile images on every upload route', () => {
  it('answers each within 5 s with a 400 on the image field, the memory growing under 200 MB', async () => {
    const files: { name: string; bytes: Buffer; type: string; message: RegExp | string }[] = [
      { name: '1 × 60,000 PNG', bytes: await plainPng(1, 60_000), type: 'image/png', message: ODD_SHAPE },
      { name: '60,000 × 1 PNG', bytes: await plainPng(60_000, 1), type: 'image/png', message: ODD_SHAPE },
      { name: '16,384² PNG bomb', bytes: pngBomb(16_384, 16_384), type: 'image/png', message: TOO_LARGE },
      { name: '144-megapixel bomb', bytes: pngBomb(12_000, 12_000), type: 'image/png', message: TOO_LARGE },
      { name: 'truncated PNG', bytes: await truncatedPng(), type: 'image/png', message: NOT_READABLE },
      { name: 'SVG', bytes: SVG_WITH_SCRIPT, type: 'image/svg+xml', message: WRONG_TYPE },
      { name: 'SVG declared as PNG', bytes: SVG_WITH_SCRIPT, type: 'image/png', message: WRONG_TYPE },
    ];
    // Warm up sharp and the routes, so the measurement is what the hostile files cost.
    expect((await uploadProfileImage(await plainPng(300, 300), 'image/png')).status).toBe(200);

    const answered: string[] = [];
    const growth = await peakMemoryGrowth(async () => {
      for (const file of files) {
        const profile = await within(ANSWER_WITHIN_MS, uploadProfileImage(file.bytes, file.type));
        expect(profile.value.status, `profile: ${file.name}`).toBe(400);
        expect(profile.value.body.error, `profile: ${file.name}`).toMatch(file.message);

        const post = await within(ANSWER_WITHIN_MS, postWithImage(file.bytes, file.type));
        expect(post.value.status, `post: ${file.name}`).toBe(400);
        expect(post.value.text, `post: ${file.name}`).toMatch(/id="post-image-error"/);
        expect(post.value.text, `post: ${file.name}`).toMatch(file.message);
        answered.push(`${file.name}: ${Math.round(profile.ms)} ms, ${Math.round(post.ms)} ms`);
      }
    });
    console.info(`hostile images (profile, post): ${answered.join('; ')}; rss peak +${growth >> 20} MB`);
    expect(growth).toBeLessThan(MEMORY_GROWTH_LIMIT);
  }, 120_000);

  it('stores a PNG that is also an HTML page as a clean WebP, without its script', async () => {
    const { value } = await within(
      ANSWER_WITHIN_MS,
      uploadProfileImage(await htmlPolyglotPng(), 'image/png'),
    );
    expect(value.status).toBe(200);
    const served = await member.request(value.body.url!);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes(POLYGLOT_PAYLOAD)).toBe(false);
    expect((await sharp(bytes).metadata()).format).toBe('webp');
  });

  it('never enlarges a small image: a profile picture is cropped square, a post image kept as it is', async () => {
    const profile = await uploadProfileImage(await plainPng(100, 80), 'image/png');
    expect(profile.status).toBe(200);
    const square = await sharp(
      Buffer.from(await (await member.request(profile.body.url!)).arrayBuffer()),
    ).metadata();
    expect([square.width, square.height]).toEqual([80, 80]);

    const post = await postWithImage(await plainPng(300, 200), 'image/png');
    expect(post.status).toBe(303);
    const row = await t.db
      .selectFrom('posts')
      .select('image_url')
      .where('author_id', '=', memberId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const stored = await sharp(
      Buffer.from(await (await member.request(row.image_url!)).arrayBuffer()),
    ).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['webp', 300, 200]);
  });
});
