import { listProducts, productBySlug, productCategories } from '../../../api/modules/shop/catalog';
import { productImageSource } from '../../../api/modules/shop/product-image';
import { productSvg } from '../../../api/modules/shop/product-svg';
import { styleGalleryProducts } from '../../../api/modules/shop/style-gallery';
import { PageHero } from '../../components/PageHero';
import { ProductGrid } from '../../components/ProductGrid';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import { Island } from '../../server/Island';
import type { PageContext, RouteContext } from '../../server/page';

export async function serveProductImage(c: RouteContext<'/merchandise/images/:file'>) {
  const slug = c.req.param('file').replace(/\.svg$/, '');
  const product = await productImageSource(c.get('db'), slug);
  if (!product) return c.notFound();
  return c.body(productSvg(product.shape, product.title, c.req.query('color') ?? ''), 200, {
    'Content-Type': 'image/svg+xml',
    'Cache-Control': 'public, max-age=86400',
  });
}

export async function showCatalog(c: PageContext) {
  const db = c.get('db');
  const category = c.req.query('category') || undefined;
  const q = c.req.query('q') || undefined;
  const [categories, featured, products] = await Promise.all([
    productCategories(db),
    listProducts(db, { featured: true, limit: 4 }),
    listProducts(db, { category, q, order: 'title' }),
  ]);
  return renderPage(c, {
    meta: {
      title: 'Promotional items',
      description: 'Campaign t-shirts, caps, yard signs, buttons and more, shipped anywhere in the USA.',
      canonicalPath: '/merchandise',
    },
    body: (
      <div className="shop">
        <PageHero
          eyebrow="Merchandise"
          title="Promotional items"
          lead="Campaign t-shirts, caps, yard signs, buttons and more, shipped anywhere in the USA."
        />
        <section aria-labelledby="featured-heading" className="shop__section">
          <h2 id="featured-heading">Featured</h2>
          <ProductGrid products={featured} />
        </section>
        <section aria-labelledby="all-heading" className="shop__section">
          <h2 id="all-heading">All products</h2>
          <form method="get" action="/merchandise" className="shop__filter">
            <label htmlFor="shop-q">Search products</label>
            <input id="shop-q" name="q" type="search" defaultValue={q ?? ''} />
            <label htmlFor="shop-category">Category</label>
            <select id="shop-category" name="category" defaultValue={category ?? ''}>
              <option value="">All categories</option>
              {categories.map((cat) => (
                <option key={cat.value} value={cat.value}>
                  {cat.label}
                </option>
              ))}
            </select>
            <button type="submit" className="button">
              Filter
            </button>
          </form>
          <ul className="shop__categories" aria-label="Categories">
            {categories.map((cat) => (
              <li key={cat.value}>
                <a
                  href={`/merchandise?category=${cat.value}`}
                  aria-current={cat.value === category ? 'page' : undefined}
                >
                  {cat.label}
                </a>
              </li>
            ))}
          </ul>
          <ProductGrid products={products} />
        </section>
        <p className="shop__links">
          <a href="/merchandise/products">Best sellers</a> ·{' '}
          <a href="/merchandise/style-gallery">Style gallery</a> · <a href="/order-status">Order status</a>
        </p>
      </div>
    ),
  });
}

export async function showProducts(c: PageContext) {
  const products = await listProducts(c.get('db'), { order: 'best' });
  return renderPage(c, {
    meta: { title: 'Best sellers', description: 'The promotional items campaigns order most.' },
    body: (
      <div className="shop">
        <PageHero
          eyebrow="Merchandise"
          title="Best sellers"
          lead="The promotional items campaigns order most."
        />
        <section className="shop__section" aria-label="Best sellers by units sold">
          <ProductGrid products={products} rank />
        </section>
      </div>
    ),
  });
}

export async function showStyleGallery(c: PageContext) {
  const products = await styleGalleryProducts(c.get('db'));
  return renderPage(c, {
    meta: {
      title: 'Style gallery',
      description: 'See our merchandise at rallies, canvasses and campaign offices.',
    },
    body: (
      <div className="shop">
        <PageHero
          eyebrow="Merchandise"
          title="Style gallery"
          lead="Every colour of every item. Pick one to shop it."
        />
        <ul className="style-gallery">
          {products.flatMap((p) =>
            p.images.map((src) => (
              <li key={src}>
                <a href={`/merchandise/products/${p.slug}`}>
                  <img src={src} alt={p.title} width={200} height={200} loading="lazy" />
                </a>
              </li>
            )),
          )}
        </ul>
      </div>
    ),
  });
}

export async function showProduct(c: RouteContext<'/merchandise/products/:slug'>) {
  const product = await productBySlug(c.get('db'), c.req.param('slug'));
  if (!product) return renderPage(c, notFoundPage());
  return renderPage(c, {
    meta: {
      title: product.title,
      description: product.description,
      image: product.images[0],
      canonicalPath: `/merchandise/products/${product.slug}`,
    },
    body: (
      <div className="shop product-page">
        <PageHero eyebrow="Merchandise" title={product.title} lead={product.description} />
        <Island
          name="AddToCart"
          props={{
            slug: product.slug,
            title: product.title,
            priceCents: product.price_cents,
            variants: product.variants.map((v) => ({
              id: v.id,
              size: v.size,
              color: v.color,
              colorHex: v.color_hex,
              stock: v.stock,
            })),
          }}
        />
      </div>
    ),
  });
}
