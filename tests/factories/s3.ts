import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/**
 * A local S3-compatible server (s3rver) on a free port with one empty bucket, its objects in a
 * temporary directory. `env` is the configuration that points the app's files port at it.
 */
export async function startLocalS3(bucket = 'campaign-media') {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    FILES_DRIVER: 's3',
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    // s3rver's fixed credentials; it checks request signatures with them.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  } satisfies Record<string, string>;
  return {
    bucket,
    endpoint,
    directory,
    env,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export type LocalS3 = Awaited<ReturnType<typeof startLocalS3>>;
