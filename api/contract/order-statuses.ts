/**
 * Order statuses and the staff moves between them. Browser-safe (no imports): the console's
 * fulfilment screen offers exactly the moves the server accepts.
 */

/** docs/product/rulings.md, Shop: the stored values of orderstatusoptions, in lifecycle order. */
export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
  'return_requested',
  'returned',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Pending payment',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  return_requested: 'Return requested',
  returned: 'Returned',
};

/**
 * Where staff may move an order by hand (the console's fulfilment actions). Payment outcomes,
 * expiry and return requests move orders through their own code paths, never through this table.
 */
export const STAFF_TRANSITIONS: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
  paid: ['processing', 'shipped', 'refunded'],
  processing: ['shipped', 'refunded'],
  shipped: ['delivered'],
  return_requested: ['returned'],
  returned: ['refunded'],
};

export function canStaffMove(from: string, to: OrderStatus): boolean {
  return STAFF_TRANSITIONS[from as OrderStatus]?.includes(to) ?? false;
}
