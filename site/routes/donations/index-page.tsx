import { PageHero, Prose } from '../../components/PageHero';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';

/** /donate without a candidate: each candidate's page is /donate/{their handle}. */
export function showDonateIndex(c: PageContext) {
  return renderPage(c, {
    meta: {
      title: 'Donate to a candidate',
      description: 'Give to the candidates you believe in, within federal contribution limits.',
    },
    body: (
      <div className="donate">
        <PageHero
          eyebrow="Donate"
          title="Donate to a candidate"
          lead="Give to the candidates you believe in, within federal contribution limits."
        />
        <Prose>
          <p>
            Each candidate has their own donation page. <a href="/search">Find a candidate</a> and follow the
            donate link on their profile.
          </p>
        </Prose>
      </div>
    ),
  });
}
