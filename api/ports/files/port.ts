/**
 * Stores uploaded files (profile images today; product images later). Keys are relative paths
 * such as `profile-images/42-3f9a….webp`; each stored file gets a URL the site can link to.
 * Keys are never reused, so files can be cached for a year.
 */
export interface StoredFile {
  bytes: Uint8Array;
  contentType: string;
}

export interface FilesPort {
  readonly kind: 'local-disk' | 's3';
  /** Writes the file and answers the URL it is served at (the same URL whatever the adapter). */
  put(key: string, file: StoredFile): Promise<{ url: string }>;
  /** Reads a stored file, or null when there is none (api/doors/routes/uploads.ts serves files with it). */
  get(key: string): Promise<StoredFile | null>;
  /** Removes a file; removing a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** The key behind one of this port's URLs, or null for any other URL (generated avatars...). */
  keyOf(url: string): string | null;
}

/** Lower-case path segments of letters, digits, dots, dashes and underscores; no `..`. */
const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export function assertValidKey(key: string): void {
  if (!KEY.test(key) || key.includes('..') || key.length > 200) throw new Error(`Invalid file key: ${key}`);
}

export const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';
}

/**
 * The URL prefix stored files are served under (api/doors/routes/uploads.ts), whichever adapter holds
 * them: the URLs saved in the database do not change when files move to another store.
 */
export const UPLOADS_URL_PREFIX = '/media/uploads/';

export function urlOf(key: string): string {
  return `${UPLOADS_URL_PREFIX}${key}`;
}

/** The key behind one of the stored files' URLs, or null for any other URL. */
export function keyOfUrl(url: string): string | null {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
  const key = url.slice(UPLOADS_URL_PREFIX.length);
  try {
    assertValidKey(key);
    return key;
  } catch {
    return null;
  }
}
