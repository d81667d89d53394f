import type { Config } from '../../platform/config';
import { localDiskFiles } from './local-disk';
import type { FilesPort } from './port';
import { s3Files } from './s3';

/** FILES_DRIVER picks the adapter: the local disk under DATA_DIR (default) or an S3 bucket. */
export function createFilesPort(
  config: Pick<
    Config,
    | 'DATA_DIR'
    | 'FILES_DRIVER'
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ENDPOINT'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_FORCE_PATH_STYLE'
  >,
): FilesPort {
  if (config.FILES_DRIVER === 's3') {
    // loadConfig refuses this first; the check narrows the type.
    if (!config.S3_BUCKET) throw new Error('FILES_DRIVER=s3 needs S3_BUCKET');
    return s3Files({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return localDiskFiles(config.DATA_DIR);
}

export type { FilesPort, StoredFile } from './port';
