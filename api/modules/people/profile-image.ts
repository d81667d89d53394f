import { randomBytes } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import type { Db } from '../../../db/client';
import type { FilesPort } from '../../ports/files';
import { ValidationError } from '../errors';
import { pageDataChanged, profileTags } from '../page-cache/changes';
import { hitRateLimit } from '../rate-limits/service';

/**
 * Profile image upload: the bytes must decode as one of the accepted image types (the declared
 * type is not trusted), are cropped to a 256×256 square and re-encoded as WebP (which also drops
 * EXIF data such as GPS positions), and stored through the files port under a fresh name.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const PROFILE_IMAGE_SIZE = 256;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

const invalid = (message: string) => new ValidationError({ image: [message] }, message);

/** The checks that need no decoding: something was sent, within 5 MB, declared as an image. */
export function checkUpload(upload: { bytes: Uint8Array; declaredType: string }): void {
  if (upload.bytes.byteLength === 0) throw invalid('Please choose an image.');
  if (upload.bytes.byteLength > MAX_IMAGE_BYTES) throw invalid('The image is larger than 5 MB.');
  if (!upload.declaredType.startsWith('image/'))
    throw invalid('Please choose a JPEG, PNG, WebP, GIF or AVIF image.');
}

/**
 * Decodes the bytes (which must be an accepted image type, whatever was declared) and re-encodes
 * them with `transform`; anything unreadable is a ValidationError on the `image` field.
 */
export async function reencodeUpload(
  bytes: Uint8Array,
  transform: (image: Sharp) => Promise<Buffer>,
): Promise<Buffer> {
  try {
    // limitInputPixels guards against decompression bombs (a tiny file that decodes to gigapixels).
    const image = sharp(bytes, { limitInputPixels: 40_000_000, animated: false });
    const { format } = await image.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format))
      throw invalid('Please choose a JPEG, PNG, WebP, GIF or AVIF image.');
    return await transform(image.rotate());
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw invalid('This file is not an image we can read.');
  }
}

export async function saveProfileImage(
  deps: { db: Db; files: FilesPort },
  userId: number,
  upload: { bytes: Uint8Array; declaredType: string },
): Promise<{ url: string }> {
  checkUpload(upload);
  await hitRateLimit(deps.db, { name: 'profile-image', limit: 20, windowSeconds: 3600 }, String(userId));
  const resized = await reencodeUpload(upload.bytes, (image) =>
    image
      .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer(),
  );

  const key = `profile-images/${userId}-${randomBytes(8).toString('hex')}.webp`;
  const { url } = await deps.files.put(key, { bytes: resized, contentType: 'image/webp' });
  const previous = await deps.db
    .selectFrom('users')
    .select('profile_image')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  await deps.db
    .updateTable('users')
    .set({ profile_image: url, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
  await pageDataChanged(deps.db, profileTags(userId));
  const oldKey = previous.profile_image ? deps.files.keyOf(previous.profile_image) : null;
  if (oldKey) await deps.files.remove(oldKey).catch(() => {});
  return { url };
}
