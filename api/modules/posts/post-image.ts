import { randomBytes } from 'node:crypto';
import type { FilesPort } from '../../ports/files';
import { reencodeImage } from '../images/reencode';
import { checkUpload } from '../images/upload-rules';

/** A post's picture fits in this box; smaller ones are kept as they are. */
export const POST_IMAGE_MAX_SIDE = 1200;

/**
 * The post image through the image pipeline (api/modules/images): re-encoded as WebP within
 * 1200×1200, never enlarged, stored under a fresh name.
 */
export async function storePostImage(
  files: FilesPort,
  authorId: number,
  upload: { bytes: Uint8Array; declaredType: string },
): Promise<string> {
  checkUpload(upload);
  const webp = await reencodeImage(upload.bytes, { within: POST_IMAGE_MAX_SIDE }, 80);
  const key = `post-images/${authorId}-${randomBytes(8).toString('hex')}.webp`;
  const { url } = await files.put(key, { bytes: webp, contentType: 'image/webp' });
  return url;
}
