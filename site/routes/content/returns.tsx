import { PageHero, Prose } from '../../components/PageHero';
import type { StaticPage } from '../../server/page';
import { MailLink, PhoneLink, SUPPORT_EMAIL } from './contact-details';

export const returnsPage: StaticPage = {
  meta: {
    title: 'Returns',
    description:
      'Return Campaign HQ merchandise within 30 days of delivery: request it on the order status page with your order number and email, then get refunded.',
  },
  Body: () => (
    <>
      <PageHero
        eyebrow="Shop policies"
        title="Returns and refunds"
        lead="Not what you expected? Most items can be returned within 30 days of delivery, and defects are always on us."
      />
      <Prose>
        <section aria-labelledby="returns-how">
          <h2 id="returns-how">How to request a return</h2>
          <ol>
            <li>
              Go to <a href="/order-status">Order status</a> and enter your order number and the email address
              you used at checkout.
            </li>
            <li>Choose Request a return, select the items and quantities, and tell us why.</li>
            <li>
              Your order shows Return requested, and we email you return instructions and a shipping label
              within one business day.
            </li>
            <li>Pack the items securely and drop the package off with the carrier.</li>
          </ol>
          <p>
            Returns must be requested within 30 days of the delivery date shown on your order. After 30 days
            we can no longer accept a return, except for defects covered by our{' '}
            <a href="/quality-assurance">quality guarantee</a>.
          </p>
        </section>

        <section aria-labelledby="returns-condition">
          <h2 id="returns-condition">What can be returned</h2>
          <p>
            Items in their original condition: unworn, unwashed, not displayed outdoors, with tags attached.
            Items sold by vendors in our shop follow the same policy, and you request their returns the same
            way.
          </p>
          <h3>What cannot be returned</h3>
          <ul>
            <li>
              Personalized and custom items, such as yard signs, banners or shirts printed with your
              candidate's name, your artwork or your dates.
            </li>
            <li>Items marked Final sale on the product page.</li>
            <li>Items that have been worn, washed, used at an event or damaged after delivery.</li>
          </ul>
          <p>
            If a personalized item arrives defective or does not match what you ordered, we still replace or
            refund it.
          </p>
        </section>

        <section aria-labelledby="returns-refunds">
          <h2 id="returns-refunds">How refunds work</h2>
          <ul>
            <li>
              When your package reaches us, your order shows Returned. We inspect the items and issue the
              refund within 5 business days; your order then shows Refunded.
            </li>
            <li>
              Refunds go back to the card you paid with. Your bank may take another 5–10 business days to show
              the credit.
            </li>
            <li>
              We refund what you actually paid for the returned items, after any coupon discount. A coupon
              used on the order is not reissued.
            </li>
            <li>
              Original shipping charges are refunded only when the return is our mistake: a defect, damage in
              transit or a wrong item.
            </li>
            <li>
              Return shipping is free for our mistakes. For other returns, the cost of the prepaid label
              ($5.99) is deducted from your refund, or you may ship the return yourself.
            </li>
          </ul>
        </section>

        <section aria-labelledby="returns-exchanges">
          <h2 id="returns-exchanges">Exchanges and cancellations</h2>
          <p>
            We do not swap items directly. To change a size or color, return the item and place a new order,
            so the size you want is reserved right away. To cancel an order that has not shipped yet, contact
            us as soon as possible: orders cancelled before shipping are refunded in full. Once an order has
            shipped, use the return process above.
          </p>
        </section>

        <section aria-labelledby="returns-help">
          <h2 id="returns-help">Need help?</h2>
          <p>
            Email <MailLink email={SUPPORT_EMAIL} /> or call <PhoneLink /> with your order number. More
            answers are in the <a href="/contact">Help Center</a> and on{' '}
            <a href="/shipping-options">Shipping options</a>.
          </p>
        </section>
      </Prose>
    </>
  ),
};
