import type { OrderItem } from '../../lib/stored-cart';

/** The cart's lines: each with its quantity (1 to 20) and a button that removes it. */
export function CartItemsSection({
  items,
  onQuantity,
}: {
  items: OrderItem[];
  /** 0 removes the line. */
  onQuantity: (variantId: number, quantity: number) => void;
}) {
  return (
    <section aria-labelledby="cart-items-heading" className="checkout__items">
      <h2 id="cart-items-heading">Items</h2>
      <ul>
        {items.map((item) => (
          <li key={item.variantid} className="checkout__line">
            <img src={item.previewimage} alt="" width={64} height={64} />
            <div>
              <p className="checkout__line-title">{item.products.title}</p>
              <p>
                Size: {item.options.size} · Color: {item.options.color}
              </p>
            </div>
            <label>
              Quantity
              <input
                type="number"
                min={1}
                max={20}
                value={item.quantity}
                onChange={(e) =>
                  onQuantity(item.variantid, Math.max(1, Math.min(20, Number(e.target.value) || 1)))
                }
              />
            </label>
            <p>${item.total}</p>
            <button
              type="button"
              className="button button--small"
              onClick={() => onQuantity(item.variantid, 0)}
            >
              Remove<span className="visually-hidden"> {item.products.title}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
