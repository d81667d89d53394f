import type { Db } from '../../../db/client';

/** What a product's SVG image is drawn from (/merchandise/images/:file): its shape and title. */
export function productImageSource(db: Db, slug: string) {
  return db.selectFrom('products').select(['shape', 'title']).where('slug', '=', slug).executeTakeFirst();
}
