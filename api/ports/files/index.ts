import type { Config } from '../../platform/config';
import { localDiskFiles } from './local-disk';
import type { FilesPort } from './port';

/** Local disk is the only adapter so far; an object store would be chosen here by configuration. */
export function createFilesPort(config: Pick<Config, 'DATA_DIR'>): FilesPort {
  return localDiskFiles(config.DATA_DIR);
}

export type { FilesPort, StoredFile } from './port';
