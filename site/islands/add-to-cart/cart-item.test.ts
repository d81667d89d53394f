import { describe, expect, it } from 'vitest';
import { type AddToCartProps, cartItemFor } from './cart-item';

const tee: AddToCartProps = {
  slug: 'vote-together-tee',
  title: 'Vote Together T-shirt',
  priceCents: 2450,
  variants: [
    { id: 11, size: 'S', color: 'Navy', colorHex: '#1f3a68', stock: 3 },
    { id: 12, size: 'M', color: 'Navy', colorHex: '#1f3a68', stock: 0 },
  ],
};

describe('the cart line Add to cart makes', () => {
  it('is the variant at the product price, with its picture in that colour', () => {
    expect(cartItemFor(tee, tee.variants[0], 2)).toEqual({
      itemid: 11,
      variantid: 11,
      quantity: 2,
      unitprice: '24.50',
      previewimage: '/merchandise/images/vote-together-tee.svg?color=1f3a68',
      options: { size: 'S', color: 'Navy' },
      products: { title: 'Vote Together T-shirt' },
    });
  });

  it('asks for no more than is in stock', () => {
    expect(cartItemFor(tee, tee.variants[0], 5)?.quantity).toBe(3);
  });

  it('is nothing for a sold-out variant or a choice no variant has', () => {
    expect(cartItemFor(tee, tee.variants[1], 1)).toBeNull();
    expect(cartItemFor(tee, undefined, 1)).toBeNull();
  });
});
