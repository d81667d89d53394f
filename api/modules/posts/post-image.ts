import { randomBytes } from 'node:crypto';
import type { FilesPort } from '../../ports/files';
import { checkUpload, reencodeUpload } from '../people/profile-image';

/** A post's picture fits in this box; smaller ones are kept as they are. */
export const POST_IMAGE_MAX_SIDE = 1200;

/**
 * The post image: the profile image's checks (type sniffed from the bytes, 5 MB, decompression
 * bombs), re-encoded as WebP (EXIF and GPS dropped) within 1200×1200, stored under a fresh name.
 */
export async function storePostImage(
  files: FilesPort,
  authorId: number,
  upload: { bytes: Uint8Array; declaredType: string },
): Promise<string> {
  checkUpload(upload);
  const webp = await reencodeUpload(upload.bytes, (image) =>
    image
      .resize(POST_IMAGE_MAX_SIDE, POST_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer(),
  );
  const key = `post-images/${authorId}-${randomBytes(8).toString('hex')}.webp`;
  const { url } = await files.put(key, { bytes: webp, contentType: 'image/webp' });
  return url;
}
