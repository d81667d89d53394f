import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../factories/accounts';
import { type LocalS3, startLocalS3 } from '../../factories/s3';
import { signedIn } from '../../factories/staff';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * Uploads with FILES_DRIVER=s3, against s3rver: a profile picture is checked, re-encoded and
 * stored in the bucket, then served back by the app at the same /media/uploads/ URL with the same
 * headers as from the local disk; a file that is not an image, or is too large, is refused and
 * leaves nothing in the bucket and the profile unchanged.
 */
let s3: LocalS3;
let raw: S3Client;
let t: TestApp;
let jordan: number;
let visitor: TestBrowser;
let self: TestBrowser;

beforeAll(async () => {
  s3 = await startLocalS3();
  raw = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  t = await createTestApp(s3.env);
  jordan = (await demoAccounts(t.db, 'member')).member.id;
  visitor = new TestBrowser(t);
  self = await signedIn(t, 'member@demo.campaignhq.test');
});
afterAll(async () => {
  raw?.destroy();
  await t?.close();
  await s3?.close();
});

async function bucketKeys(): Promise<string[]> {
  const listed = await raw.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
}

async function profileImage(): Promise<string | null> {
  const row = await t.db
    .selectFrom('users')
    .select('profile_image')
    .where('id', '=', jordan)
    .executeTakeFirstOrThrow();
  return row.profile_image;
}

function upload(bytes: Uint8Array<ArrayBuffer>, type: string) {
  const body = new FormData();
  body.set('image', new File([bytes], 'me.png', { type }));
  return self.request('/myprofile/image', { method: 'POST', body, headers: { accept: 'application/json' } });
}

describe('profile image upload with the S3 files driver', () => {
  it('stores the re-encoded 256×256 WebP in the bucket and serves it with the usual headers', async () => {
    const png = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    const res = await upload(new Uint8Array(png), 'image/png');
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^/media/uploads/profile-images/${jordan}-[0-9a-f]+\\.webp$`));
    expect(await profileImage()).toBe(url);
    expect(await bucketKeys()).toEqual([url.slice('/media/uploads/'.length)]);

    const served = await visitor.request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain("default-src 'self'");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);

    // A new picture replaces the old one in the bucket too.
    const second = (await (await upload(new Uint8Array(png), 'image/png')).json()) as { url: string };
    expect(second.url).not.toBe(url);
    expect(await bucketKeys()).toEqual([second.url.slice('/media/uploads/'.length)]);
    expect((await visitor.request(url)).status).toBe(404);
    expect((await visitor.request('/media/uploads/profile-images/none-here.webp')).status).toBe(404);
  });

  it('refuses a file that is not an image, or is larger than 5 MB, and stores nothing', async () => {
    const before = { keys: await bucketKeys(), image: await profileImage() };

    const script = await upload(new TextEncoder().encode('<svg onload=alert(1)>'), 'image/png');
    expect(script.status).toBe(400);
    expect(((await script.json()) as { error: string }).error).toMatch(
      /Please choose a JPEG, PNG, WebP, GIF or AVIF image/,
    );
    const text = await upload(new TextEncoder().encode('hello'), 'text/plain');
    expect(text.status).toBe(400);
    expect((await upload(new Uint8Array(6 * 1024 * 1024), 'image/png')).status).toBe(413);

    expect(await bucketKeys()).toEqual(before.keys);
    expect(await profileImage()).toBe(before.image);
  });
});
