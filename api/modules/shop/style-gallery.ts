import type { Db } from '../../../db/client';

/** The style gallery (/merchandise/style-gallery): every product with its images, in id order. */
export function styleGalleryProducts(db: Db) {
  return db.selectFrom('products').select(['slug', 'title', 'images']).orderBy('id').execute();
}
