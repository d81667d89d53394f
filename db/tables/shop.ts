import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns';

/** The merchandise shop's tables (migrations/0006_shop.ts). */
export interface ProductsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  description: string;
  category: string;
  shape: string;
  price_cents: number;
  images: ColumnType<string[], unknown, unknown>;
  vendor_id: number | null;
  featured: Generated<boolean>;
  units_sold: Generated<number>;
  created_at: CreatedAt;
}

export interface ProductVariantsTable {
  id: Generated<number>;
  product_id: number;
  size: string;
  color: string;
  color_hex: string;
  stock: number;
}

export interface ShippingAddress {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  zip: string;
}

export interface OrdersTable {
  id: Generated<number>;
  number: string;
  email: string;
  user_id: number | null;
  status: string;
  status_reason: string | null;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  total_cents: number;
  coupon_id: number | null;
  shipping_option: string;
  address: ColumnType<ShippingAddress, unknown, unknown>;
  payment_token: string;
  reserved_until: Timestamp | null;
  paid_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** The provider's id of the charge that paid it (migrations/0021_provider_refunds.ts). */
  provider_payment_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The affiliate the order is attributed to, fixed at checkout (migrations/0022_affiliates.ts). */
  affiliate_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Who started a checkout (migrations/0011_shop_checkout_guards.ts); never shown with the order. */
export interface OrderCheckoutsTable {
  order_id: number;
  buyer_key: string;
  browser_hash: string;
  address_hash: string;
  idempotency_key: string | null;
  request_hash: string;
  created_at: CreatedAt;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  variant_id: number;
  title: string;
  size: string;
  color: string;
  quantity: number;
  unit_price_cents: number;
  line_total_cents: number;
}

export interface OrderStatusEventsTable {
  id: Generated<number>;
  order_id: number;
  status: string;
  note: string | null;
  created_at: CreatedAt;
}

export interface PaymentEventsTable {
  event_id: string;
  order_id: number | null;
  /** The event type ('payment.succeeded' | 'payment.failed'). */
  kind: string;
  /** What the payment paid for (migrations/0014_payables.ts); null only on rows older than it. */
  payable_kind: string | null;
  payable_reference: string | null;
  created_at: CreatedAt;
}
