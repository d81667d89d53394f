import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/client';
import type { FilesPort } from '../../ports/files';
import { reencodeImage } from '../images/reencode';
import { checkUpload } from '../images/upload-rules';
import { hitRateLimit } from '../rate-limits/service';

/**
 * Profile image upload through the image pipeline (api/modules/images): cropped to a square of
 * 256 px (or the image's short side, never enlarged), re-encoded as WebP, and stored through the
 * files port under a fresh name.
 */
export const PROFILE_IMAGE_SIZE = 256;

export async function saveProfileImage(
  deps: { db: Db; files: FilesPort },
  userId: number,
  upload: { bytes: Uint8Array; declaredType: string },
): Promise<{ url: string }> {
  checkUpload(upload);
  await hitRateLimit(deps.db, { name: 'profile-image', limit: 20, windowSeconds: 3600 }, String(userId));
  const resized = await reencodeImage(upload.bytes, { square: PROFILE_IMAGE_SIZE }, 82);

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
  const oldKey = previous.profile_image ? deps.files.keyOf(previous.profile_image) : null;
  if (oldKey) await deps.files.remove(oldKey).catch(() => {});
  return { url };
}
