import { useEffect, useId, useRef, useState } from 'react';
import { dollars } from '../../../api/contract/money';
import { useCart } from '../../lib/cart';
import { cartCount } from '../../lib/stored-cart';

/**
 * The header's cart button and mini cart (docs/product/spec.md §2): a 296 × 397 popup with a 184 px list,
 * the Price / Discount / Total summary and Go to cart; when empty, the text of docs/product/spec.md §2 and Browse
 * products. A non-modal dialog: focus moves in on open, Escape or a click outside closes it.
 */
export default function CartButtonPopup() {
  const { cart } = useCart();
  const [open, setOpen] = useState(false);
  const dialogId = useId();
  const titleId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const count = cartCount(cart);
  const totalCents = Math.round(Number.parseFloat(cart.total) * 100) || 0;

  useEffect(() => {
    if (!open) return;
    dialogRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!dialogRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  return (
    <div className="cart-button">
      <button
        ref={buttonRef}
        type="button"
        className="cart-button__toggle"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={dialogId}
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.8a1 1 0 0 0 1-.8L20 8H6.2M9 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2Zm8 0a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="visually-hidden">Cart, {count} items</span>
        {count > 0 && (
          <span className="cart-button__badge" aria-hidden="true" data-testid="cart-count">
            {count}
          </span>
        )}
      </button>
      <div
        ref={dialogRef}
        id={dialogId}
        role="dialog"
        aria-labelledby={titleId}
        className="mini-cart"
        tabIndex={-1}
        hidden={!open}
      >
        <h2 id={titleId} className="mini-cart__title">
          Your cart
        </h2>
        {count === 0 ? (
          <div className="mini-cart__empty">
            <p>You have nothing in your cart.</p>
            <a className="button button--primary" href="/merchandise">
              Browse products
            </a>
          </div>
        ) : (
          <>
            <ul className="mini-cart__list">
              {cart.orderitems.map((item) => (
                <li key={item.itemid} className="mini-cart__item">
                  <img src={item.previewimage} alt="" width={48} height={48} />
                  <div>
                    <p className="mini-cart__item-title">{item.products.title}</p>
                    <p className="mini-cart__item-meta">
                      Size: {item.options.size} · Color: {item.options.color} · Qty: {item.quantity}
                    </p>
                  </div>
                  <p className="mini-cart__item-total">${item.total}</p>
                </li>
              ))}
            </ul>
            <dl className="mini-cart__summary">
              <div>
                <dt>Price ({count} items)</dt>
                <dd>{dollars(totalCents)}</dd>
              </div>
              <div>
                <dt>Discount</dt>
                <dd>$0.00</dd>
              </div>
              <div className="mini-cart__total">
                <dt>Total</dt>
                <dd>{dollars(totalCents)}</dd>
              </div>
            </dl>
            <a className="button button--primary mini-cart__go" href="/cart">
              Go to cart
            </a>
          </>
        )}
      </div>
    </div>
  );
}
