import { dollars } from '../../api/contract/money';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../api/contract/order-statuses';
import type { MemberOrderSummary } from '../../api/contract/shop-views';
import { ScrollingTable } from './ScrollingTable';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** The orders a member placed while signed in; each opens its status and timeline. */
export function MemberOrders({ orders }: { orders: MemberOrderSummary[] }) {
  if (orders.length === 0) {
    return (
      <p>
        You have no orders yet. <a href="/merchandise">Browse the shop</a>.
      </p>
    );
  }
  return (
    <ScrollingTable caption="Orders, newest first" className="data-table" captionHidden>
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Placed</th>
          <th scope="col">Items</th>
          <th scope="col">Total</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.number}>
            <td>
              <a href={`/order-status?order=${encodeURIComponent(o.number)}`}>{o.number}</a>
            </td>
            <td>{day.format(o.placedAt)}</td>
            <td>{o.itemCount}</td>
            <td>{dollars(o.totalCents)}</td>
            <td>{ORDER_STATUS_LABELS[o.status as OrderStatus] ?? o.status}</td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}
