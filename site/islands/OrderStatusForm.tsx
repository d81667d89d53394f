import { type FormEvent, useEffect, useState } from 'react';
import { dollars } from '../../api/contract/money';

import { messageOf, trpc } from '../lib/trpc';

type Found = Awaited<ReturnType<typeof trpc.shop.orderStatus.mutate>>;
export interface OrderStatusFormProps {
  statusLabels: Record<string, string>;
  /** From ?order= (links in notifications and /settings). */
  initialNumber?: string;
  /** A signed-in member sees their own order at once, without the email step. */
  signedIn?: boolean;
}

/** /order-status: order number + email, then the status timeline. */
export default function OrderStatusForm({
  statusLabels,
  initialNumber = '',
  signedIn,
}: OrderStatusFormProps) {
  const [number, setNumber] = useState(initialNumber);
  const [email, setEmail] = useState('');
  const [order, setOrder] = useState<Found | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [returnItems, setReturnItems] = useState<number[]>([]);
  const [reason, setReason] = useState('');
  const [returnMessage, setReturnMessage] = useState<string | null>(null);

  useEffect(() => {
    if (!signedIn || !initialNumber) return;
    trpc.shop.myOrder
      .query({ number: initialNumber })
      .then((mine) => {
        setOrder(mine);
        setEmail(mine.email);
      })
      // Not this member's order: the form stays, prefilled with the number.
      .catch(() => undefined);
  }, [signedIn, initialNumber]);

  async function onReturn(event: FormEvent) {
    event.preventDefault();
    setReturnMessage(null);
    try {
      await trpc.shop.requestReturn.mutate({ number, email, itemIds: returnItems, reason });
      setOrder(await trpc.shop.orderStatus.mutate({ number, email }));
      setReturnMessage('Return requested. We emailed you a confirmation.');
    } catch (e) {
      setReturnMessage(messageOf(e));
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      setOrder(await trpc.shop.orderStatus.mutate({ number, email }));
    } catch (e) {
      setOrder(null);
      setError(messageOf(e));
    }
  }

  return (
    <div className="order-status">
      <form onSubmit={onSubmit} className="order-status__form">
        <label htmlFor="order-number">Order number</label>
        <input id="order-number" value={number} onChange={(e) => setNumber(e.target.value)} required />
        <label htmlFor="order-email">Email</label>
        <input
          id="order-email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <button type="submit" className="button button--primary">
          Find my order
        </button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {order && (
        <section aria-labelledby="order-found" className="order-status__result">
          <h2 id="order-found">Order {order.number}</h2>
          <p>
            Status: <strong data-testid="order-status">{statusLabels[order.status] ?? order.status}</strong>
            {order.status_reason ? ` — ${order.status_reason}` : ''}
          </p>
          <ol className="timeline">
            {order.timeline.map((t, i) => (
              <li key={`${t.status}-${i}`}>
                {statusLabels[t.status] ?? t.status} · {new Date(t.created_at).toLocaleString('en-US')}
                {t.note ? ` — ${t.note}` : ''}
              </li>
            ))}
          </ol>
          <ul>
            {order.items.map((i) => (
              <li key={i.id}>
                {i.quantity} × {i.title} ({i.size}, {i.color}) — {dollars(i.line_total_cents)}
              </li>
            ))}
          </ul>
          <p>Total: {dollars(order.total_cents)}</p>
          {order.status === 'delivered' && (
            <form onSubmit={onReturn} className="order-status__return">
              <fieldset>
                <legend>Request a return (within 30 days of delivery)</legend>
                {order.items.map((i) => (
                  <label key={i.id} className="radio">
                    <input
                      type="checkbox"
                      checked={returnItems.includes(i.id)}
                      onChange={(e) =>
                        setReturnItems((ids) =>
                          e.target.checked ? [...ids, i.id] : ids.filter((x) => x !== i.id),
                        )
                      }
                    />
                    {i.title} ({i.size}, {i.color})
                  </label>
                ))}
                <label htmlFor="return-reason">Reason</label>
                <textarea id="return-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
                <button type="submit" className="button">
                  Request a return
                </button>
              </fieldset>
            </form>
          )}
          {returnMessage && <p role="status">{returnMessage}</p>}
        </section>
      )}
    </div>
  );
}
