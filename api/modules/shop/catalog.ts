import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { ProductCard } from '../../contract/shop-views';

export interface CatalogFilter {
  category?: string;
  q?: string;
  featured?: boolean;
  vendorId?: number;
  order?: 'best' | 'title';
  limit?: number;
}

export async function listProducts(db: Db, filter: CatalogFilter = {}): Promise<ProductCard[]> {
  let query = db
    .selectFrom('products as p')
    .select([
      'p.id',
      'p.slug',
      'p.title',
      'p.category',
      'p.price_cents',
      'p.units_sold',
      'p.featured',
      sql<string>`p.images->>0`.as('image'),
      sql<boolean>`EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND v.stock > 0)`.as(
        'in_stock',
      ),
    ]);
  if (filter.category) query = query.where('p.category', '=', filter.category);
  if (filter.featured) query = query.where('p.featured', '=', true);
  if (filter.vendorId !== undefined) query = query.where('p.vendor_id', '=', filter.vendorId);
  const q = filter.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    query = query.where((eb) => eb.or([eb('p.title', 'ilike', like), eb('p.description', 'ilike', like)]));
  }
  query =
    filter.order === 'title'
      ? query.orderBy('p.title')
      : query.orderBy('p.units_sold', 'desc').orderBy('p.id');
  return query.limit(filter.limit ?? 100).execute();
}

export async function productBySlug(db: Db, slug: string) {
  const product = await db.selectFrom('products').selectAll().where('slug', '=', slug).executeTakeFirst();
  if (!product) return null;
  const variants = await db
    .selectFrom('product_variants')
    .select(['id', 'size', 'color', 'color_hex', 'stock'])
    .where('product_id', '=', product.id)
    .orderBy('id')
    .execute();
  return { ...product, variants };
}

export async function productCategories(db: Db) {
  return db
    .selectFrom('reference_options')
    .select(['value', 'label'])
    .where('list_name', '=', 'product')
    .where('value', 'in', db.selectFrom('products').select('category'))
    .orderBy('position')
    .execute();
}
