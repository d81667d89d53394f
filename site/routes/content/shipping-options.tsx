import { PageHero, Prose } from '../../components/PageHero';
import { ScrollingTable } from '../../components/ScrollingTable';
import type { StaticPage } from '../../server/page';
import { MailLink, PhoneLink, SUPPORT_EMAIL } from './contact-details';

const OPTIONS = [
  { name: 'Standard', price: '$5.99, free on orders over $75', time: '5–7 business days' },
  { name: 'Expedited', price: '$14.99', time: '2–3 business days' },
  { name: 'Overnight', price: '$29.99', time: '1 business day' },
];

export const shippingOptionsPage: StaticPage = {
  meta: {
    title: 'Shipping options',
    description:
      'Campaign HQ ships merchandise to all 50 states and DC: Standard $5.99 (free over $75), Expedited $14.99 or Overnight $29.99, with tracking.',
  },
  Body: () => (
    <>
      <PageHero
        eyebrow="Shop policies"
        title="Shipping options"
        lead="Yard signs, shirts and buttons, delivered anywhere in the United States in time for your next canvass."
      />
      <Prose>
        <section aria-labelledby="shipping-where">
          <h2 id="shipping-where">Where we ship</h2>
          <p>
            We ship to addresses in all 50 US states and the District of Columbia. We do not currently ship to
            US territories, military APO/FPO/DPO addresses or outside the United States.
          </p>
        </section>

        <section aria-labelledby="shipping-rates">
          <h2 id="shipping-rates">Rates and delivery times</h2>
          <ScrollingTable caption="Shipping options for merchandise orders" className="content-table">
            <thead>
              <tr>
                <th scope="col">Option</th>
                <th scope="col">Price</th>
                <th scope="col">Delivery time after shipping</th>
              </tr>
            </thead>
            <tbody>
              {OPTIONS.map((option) => (
                <tr key={option.name}>
                  <th scope="row">{option.name}</th>
                  <td>{option.price}</td>
                  <td>{option.time}</td>
                </tr>
              ))}
            </tbody>
          </ScrollingTable>
          <ul>
            <li>
              Free Standard shipping applies automatically when your merchandise subtotal is over $75. You can
              still choose Expedited or Overnight at their usual price.
            </li>
            <li>
              You choose one shipping option per order, at checkout. The cart shows the final price before you
              pay.
            </li>
            <li>Business days are Monday to Friday, excluding federal holidays.</li>
          </ul>
        </section>

        <section aria-labelledby="shipping-processing">
          <h2 id="shipping-processing">Processing time</h2>
          <p>
            We pack and hand most orders to the carrier within 1–2 business days of payment. Orders paid
            before 1 p.m. Eastern on a business day usually leave the same day when you choose Overnight.
            Items made to order, such as large yard sign runs, can take 3–5 business days to print; the
            product page says so when that applies. Delivery times in the table start once your order has
            shipped.
          </p>
          <p>
            Items are held for you as soon as you start paying, so an item in stock at checkout is reserved
            for your order. If a payment does not go through within 30 minutes, the items return to stock.
          </p>
        </section>

        <section aria-labelledby="shipping-tracking">
          <h2 id="shipping-tracking">Tracking your order</h2>
          <p>
            Check progress any time on <a href="/order-status">Order status</a> with your order number and the
            email address you used at checkout; no account is needed. Signed-in members are also notified when
            the status of an order changes. Orders move through these steps:
          </p>
          <ol>
            <li>Paid: we have your payment.</li>
            <li>Processing: your items are being picked, printed or packed.</li>
            <li>Shipped: your package is with the carrier and on its way.</li>
            <li>Delivered: the carrier has confirmed delivery.</li>
          </ol>
        </section>

        <section aria-labelledby="shipping-problems">
          <h2 id="shipping-problems">Late, lost or damaged packages</h2>
          <p>
            If your package has not arrived two business days after its expected date, or arrives damaged,
            contact us at <MailLink email={SUPPORT_EMAIL} /> or <PhoneLink /> with your order number. We will
            trace it with the carrier and send a replacement or refund if it is lost. Please double-check your
            shipping address at checkout: we cannot change it once an order has shipped. For returns, see our{' '}
            <a href="/returns">return policy</a>.
          </p>
        </section>
      </Prose>
    </>
  ),
};
