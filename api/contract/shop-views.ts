export interface MerchandiseRevenue {
  id: 'summary';
  ordersPaid: number;
  grossCents: number;
  discountCents: number;
  shippingCents: number;
  refundedCents: number;
  averageOrderCents: number;
  /** Orders waiting for staff: paid or processing, not yet shipped. */
  toFulfil: number;
  last30Days: { grossCents: number; orders: number };
  byMonth: { month: string; orders: number; grossCents: number }[];
}

export interface MemberOrderSummary {
  number: string;
  status: string;
  totalCents: number;
  itemCount: number;
  placedAt: Date;
}

export interface ProductCard {
  id: number;
  slug: string;
  title: string;
  category: string;
  price_cents: number;
  image: string;
  units_sold: number;
  featured: boolean;
  in_stock: boolean;
}
