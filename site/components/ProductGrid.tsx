import { dollars } from '../../api/contract/money';
import type { ProductCard } from '../../api/contract/shop-views';

/** Product cards linking to their pages: the shop's lists and a vendor's profile. */
export function ProductGrid({ products, rank }: { products: ProductCard[]; rank?: boolean }) {
  if (products.length === 0) return <p>No products match. Try another category or search.</p>;
  return (
    <ul className="product-grid">
      {products.map((p, i) => (
        <li key={p.id} className="product-card">
          <a href={`/merchandise/products/${p.slug}`}>
            <img src={p.image} alt="" width={240} height={240} loading="lazy" />
            <span className="product-card__title">
              {rank ? `#${i + 1} ` : ''}
              {p.title}
            </span>
          </a>
          <span className="product-card__price">{dollars(p.price_cents)}</span>
          {!p.in_stock && <span className="product-card__stock">Out of stock</span>}
        </li>
      ))}
    </ul>
  );
}

/** The vendor's products on their /{name} page. */
export function VendorProducts({ products }: { products: ProductCard[] }) {
  if (products.length === 0) return null;
  return (
    <section className="prose vendor-products" aria-labelledby="vendor-products-heading">
      <h2 id="vendor-products-heading">Products</h2>
      <ProductGrid products={products} />
    </section>
  );
}
