import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { assertValidKey, contentTypeOf, type FilesPort, keyOfUrl, urlOf } from './port';

/**
 * Files on the local disk under DATA_DIR/uploads, served by the app itself. Fine for one
 * server or a shared volume; several servers without one use the S3 adapter (./s3.ts).
 */
export function localDiskFiles(dataDir: string): FilesPort {
  const root = resolve(dataDir, 'uploads');
  const pathOf = (key: string) => {
    assertValidKey(key);
    return join(root, key);
  };
  return {
    kind: 'local-disk',
    async put(key, file) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written under a temporary name and renamed would be atomic; keys are never reused,
      // so a half-written file is only ever one nobody links to yet.
      await writeFile(path, file.bytes);
      return { url: urlOf(key) };
    },
    async get(key) {
      try {
        return { bytes: await readFile(pathOf(key)), contentType: contentTypeOf(key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    keyOf: keyOfUrl,
  };
}
