import type { S3Client } from '@aws-sdk/client-s3';
import { assertValidKey, contentTypeOf, type FilesPort, keyOfUrl, urlOf } from './port';

export interface S3FilesOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, s3rver...); unset means AWS itself. */
  endpoint?: string;
  /** Both or neither: without them the SDK's default chain (AWS_* variables, an IAM role) applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (`host/bucket/key`) instead of the host name, as most non-AWS stores want. */
  forcePathStyle: boolean;
  /** Defaults 3 s to connect, 5 s for an answer (tests shorten them). */
  timeoutsMs?: { connect: number; request: number };
}

/**
 * Files in an S3-compatible bucket, served through the app at the same /media/uploads/ URLs as the
 * local adapter (docs/decisions/0039-object-storage-and-backups.md): the bucket stays private and
 * every response keeps our headers. The SDK is loaded on first use, so a server on the local disk
 * never loads it.
 */
export function s3Files(options: S3FilesOptions): FilesPort {
  let connection: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const connect = () => {
    connection ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: createClient(sdk, options) }));
    return connection;
  };
  const Bucket = options.bucket;

  return {
    kind: 's3',
    async put(key, file) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key,
          Body: file.bytes,
          ContentType: file.contentType,
          // Keys are never reused; a CDN or browser reading the bucket directly may keep them.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      return { url: urlOf(key) };
    },
    async get(key) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        // The type comes from the key, as on the local disk: what the store says is not trusted.
        return { bytes: await object.Body.transformToByteArray(), contentType: contentTypeOf(key) };
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || isNotFound(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      // S3 answers 204 for a key that is not there, so removing twice is not an error.
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    keyOf: keyOfUrl,
  };
}

function createClient(sdk: typeof import('@aws-sdk/client-s3'), options: S3FilesOptions): S3Client {
  return new sdk.S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // S3-compatible stores do not all accept the checksums newer SDKs add to every request; send
    // them only where an operation requires one.
    ...(options.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
    // A store that hangs must not hold an image request for long: one retry, 3 s to connect and
    // 5 s to answer (the SDK's defaults are three attempts, and a timeout that only logs a warning).
    maxAttempts: 2,
    requestHandler: {
      connectionTimeout: options.timeoutsMs?.connect ?? 3_000,
      requestTimeout: options.timeoutsMs?.request ?? 5_000,
      throwOnRequestTimeout: true,
    },
  });
}

/** Some S3-compatible stores answer a missing key with a bare 404 instead of NoSuchKey. */
function isNotFound(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 404 && (error as Error).name !== 'NoSuchBucket';
}
