import { PageHero, Prose } from '../../components/PageHero';
import { ScrollingTable } from '../../components/ScrollingTable';
import type { StaticPage } from '../../server/page';
import { MailLink, PhoneLink, SUPPORT_EMAIL } from './contact-details';

const MATERIALS = [
  {
    item: 'T-shirts and hoodies',
    material: 'Ring-spun cotton or cotton-recycled polyester blends, preshrunk, in sizes XS to 4XL',
  },
  { item: 'Caps', material: 'Structured cotton twill with embroidered fronts and an adjustable strap' },
  { item: 'Yard signs', material: '4 mm corrugated plastic with UV-resistant inks, H-stakes included' },
  { item: 'Buttons', material: 'Steel pin-back buttons with a protective clear coat over the print' },
  {
    item: 'Bumper stickers',
    material: 'Weatherproof vinyl with removable adhesive that will not mark paint',
  },
];

export const qualityAssurancePage: StaticPage = {
  meta: {
    title: 'Quality assurance',
    description:
      'How Campaign HQ merchandise is made and checked: union print shops, durable materials, inspection of every order and free replacements for defects.',
  },
  Body: () => (
    <>
      <PageHero
        eyebrow="Shop policies"
        title="Quality assurance"
        lead="Your supporters wear your name in public. We make sure what they wear, wave and plant in the lawn holds up."
      />
      <Prose>
        <section aria-labelledby="qa-union">
          <h2 id="qa-union">Made in union print shops</h2>
          <p>
            Our shirts, signs and buttons are printed by union print shops in the United States, and printed
            items carry the union label. Campaigns and organizations that need union-printed materials can
            order with confidence, and the people who make your merchandise are paid fairly for it.
          </p>
        </section>

        <section aria-labelledby="qa-materials">
          <h2 id="qa-materials">Materials we choose</h2>
          <p>
            We pick materials for how campaign merchandise is really used: in the rain, at the county fair and
            through a dozen washes before Election Day.
          </p>
          <ScrollingTable caption="Standard materials by product type" className="content-table">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Material</th>
              </tr>
            </thead>
            <tbody>
              {MATERIALS.map((row) => (
                <tr key={row.item}>
                  <th scope="row">{row.item}</th>
                  <td>{row.material}</td>
                </tr>
              ))}
            </tbody>
          </ScrollingTable>
          <p>Each product page lists the exact material, sizes and care instructions for that item.</p>
        </section>

        <section aria-labelledby="qa-inspection">
          <h2 id="qa-inspection">How we inspect</h2>
          <ul>
            <li>
              <strong>Before printing:</strong> artwork is checked for resolution, spelling and legally
              required disclaimers such as &ldquo;Paid for by&rdquo; lines, and colors are matched to your
              campaign's palette.
            </li>
            <li>
              <strong>First piece:</strong> the first item of every print run is checked against the order for
              color, placement and size before the rest are printed.
            </li>
            <li>
              <strong>During the run:</strong> printers pull samples throughout the run to catch smudges,
              fading and misalignment.
            </li>
            <li>
              <strong>Before shipping:</strong> every order is counted and checked for size, color and
              quantity, then packed to prevent creases and scratches.
            </li>
          </ul>
          <p>
            Vendors who sell in our shop agree to the same standards, and we remove products that draw
            repeated quality complaints.
          </p>
        </section>

        <section aria-labelledby="qa-defects">
          <h2 id="qa-defects">Our guarantee on defects</h2>
          <p>
            If an item arrives misprinted, damaged or faulty, or fails under normal use within 90 days of
            delivery, we replace it at no cost, including shipping. If we cannot replace it, we refund it in
            full. This applies to personalized items too.
          </p>
          <ol>
            <li>
              Email <MailLink email={SUPPORT_EMAIL} /> or call <PhoneLink /> with your order number.
            </li>
            <li>Attach a photo of the problem so we can fix it with the printer.</li>
            <li>
              We send the replacement, usually within 3 business days. No need to return the defective item.
            </li>
          </ol>
          <p>
            For returns that are not about defects, see our <a href="/returns">return policy</a>. Questions
            about delivery are answered on <a href="/shipping-options">Shipping options</a>.
          </p>
        </section>
      </Prose>
    </>
  ),
};
