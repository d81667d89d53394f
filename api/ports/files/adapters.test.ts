import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../../../tests/factories/s3';
import { loadConfig } from '../../platform/config';
import { createFilesPort } from './index';
import { localDiskFiles } from './local-disk';
import type { FilesPort } from './port';
import { s3Files } from './s3';

/**
 * Both files adapters keep the port's contract: a put is served back byte for byte with the type
 * its key names, at the same /media/uploads/ URL; a removed or unknown key reads as null; removing
 * twice is fine; keys outside the allowed shape are refused before anything is written. The S3
 * adapter runs against s3rver, a local S3-compatible server.
 */
let s3: LocalS3;
let dataDir: string;
let raw: S3Client;

beforeAll(async () => {
  s3 = await startLocalS3();
  dataDir = await mkdtemp(join(tmpdir(), 'files-adapters-'));
  raw = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  raw?.destroy();
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** What the bucket itself holds, read with a client of our own rather than through the adapter. */
async function bucketKeys(): Promise<string[]> {
  const listed = await raw.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
}

const adapters: [string, () => FilesPort][] = [
  ['local-disk', () => localDiskFiles(dataDir)],
  ['s3', () => createFilesPort(loadConfig({ ...s3.env, DATA_DIR: dataDir }))],
];

describe.each(adapters)('the %s files adapter', (kind, make) => {
  it('puts, gets back, removes, and reads a missing key as null', async () => {
    const files = make();
    expect(files.kind).toBe(kind);
    const bytes = new Uint8Array([82, 73, 70, 70, 1, 2, 3, 250]);
    const key = `profile-images/${kind}-7-0123abcd.webp`;

    const { url } = await files.put(key, { bytes, contentType: 'image/webp' });
    expect(url).toBe(`/media/uploads/${key}`);
    expect(files.keyOf(url)).toBe(key);
    const got = await files.get(key);
    expect(got?.contentType).toBe('image/webp');
    expect([...(got?.bytes ?? [])]).toEqual([...bytes]);

    await files.remove(key);
    expect(await files.get(key)).toBeNull();
    await expect(files.remove(key)).resolves.toBeUndefined();
    expect(await files.get(`profile-images/${kind}-never-stored.webp`)).toBeNull();
  });

  it('refuses keys that could leave their folder, and URLs that are not its own', async () => {
    const files = make();
    const file = { bytes: new Uint8Array([1]), contentType: 'image/png' };
    await expect(files.put('../escape.png', file)).rejects.toThrow(/Invalid file key/);
    await expect(files.put('Profile-Images/UPPER.png', file)).rejects.toThrow(/Invalid file key/);
    await expect(files.get('a/../../etc/passwd')).rejects.toThrow(/Invalid file key/);
    expect(files.keyOf('/media/avatars/JR-210.svg')).toBeNull();
    expect(files.keyOf('/media/uploads/../secret')).toBeNull();
  });
});

describe('the s3 files adapter against the bucket itself', () => {
  it('stores the object under its key with its type, and removes it from the bucket', async () => {
    const files = s3Files({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    const key = 'post-images/3-beef.webp';
    await files.put(key, { bytes: new Uint8Array([9, 8, 7]), contentType: 'image/webp' });
    expect(await bucketKeys()).toContain(key);
    const object = await raw.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(object.ContentType).toBe('image/webp');
    expect([...(await object.Body!.transformToByteArray())]).toEqual([9, 8, 7]);
    await files.remove(key);
    expect(await bucketKeys()).not.toContain(key);
  });

  it('fails loudly when the bucket does not exist, instead of answering "no such file"', async () => {
    const files = s3Files({
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    await expect(files.get('profile-images/1-a.webp')).rejects.toThrow(/bucket/i);
    await expect(
      files.put('profile-images/1-a.webp', { bytes: new Uint8Array([1]), contentType: 'image/webp' }),
    ).rejects.toThrow(/bucket/i);
  });
});

describe('the s3 files adapter when the store hangs', () => {
  it('fails the call after its timeout instead of holding the request', async () => {
    // Accepts connections and never answers, like a store behind a stuck proxy.
    const stalled = createServer(() => {});
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    const { port } = stalled.address() as AddressInfo;
    const files = s3Files({
      bucket: 'campaign-media',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      timeoutsMs: { connect: 300, request: 300 },
    });
    try {
      const started = performance.now();
      await expect(files.get('profile-images/1-a.webp')).rejects.toThrow(/timeout/i);
      // Two attempts of 300 ms and the SDK's back-off between them, far from hanging.
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      stalled.closeAllConnections();
      await new Promise((resolve) => stalled.close(resolve));
    }
  });
});
