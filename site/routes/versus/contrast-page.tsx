import { getReferenceLists } from '../../../api/modules/reference-options/service';
import { contrastQuery } from '../../../api/modules/stances/schema';
import { type CandidateCard, candidateCard, candidateChoices } from '../../../api/modules/stances/service';
import { PageHero } from '../../components/PageHero';
import { optionLabeler } from '../../lib/option-labels';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';
import { StanceTable } from './StanceTable';

type Choices = Awaited<ReturnType<typeof candidateChoices>>;

function Picker({ side, choices, current }: { side: 'a' | 'b'; choices: Choices; current?: number }) {
  return (
    <div>
      <label htmlFor={`contrast-${side}`}>{side === 'a' ? 'First candidate' : 'Second candidate'}</label>
      <select id={`contrast-${side}`} name={side} defaultValue={current ? String(current) : ''}>
        <option value="">Choose a candidate</option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
            {c.office ? ` — ${c.office}` : ''}
            {c.state ? `, ${c.state}` : ''}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * /versus/contrast-page?a=&b= (docs/decisions/0033-social.md): two candidates side by side, issue by issue,
 * with party and office. The URL is the whole state, so it can be shared; the picker is a GET form.
 * Bare for visitors, standard when signed in (site/lib/choose-layout.ts); nothing else per user.
 * Its title sits in the dark band a signed-in member's transparent header, with its light logo and
 * links, is read on (docs/decisions/0076-visual-bands-figures-and-chart-labels.md).
 */
export async function showContrast(c: PageContext) {
  const db = c.get('db');
  const query = contrastQuery.parse({ a: c.req.query('a'), b: c.req.query('b') });
  const [a, b, choices, lists] = await Promise.all([
    query.a ? candidateCard(db, query.a) : null,
    query.b ? candidateCard(db, query.b) : null,
    candidateChoices(db),
    getReferenceLists(db),
  ]);
  const label = optionLabeler(lists);
  const chosen = [a, b].filter((x): x is CandidateCard => x !== null);
  const title = a && b ? `${a.name} vs. ${b.name}` : 'Compare candidates';
  const unknown = (query.a && !a) || (query.b && !b);
  return renderPage(c, {
    meta: {
      title,
      description:
        a && b
          ? `${a.name} and ${b.name} side by side on the issues: where each candidate stands.`
          : 'Two candidates side by side, issue by issue.',
    },
    body: (
      <>
        <PageHero eyebrow="Candidates" title={title} />
        <div className="contrast">
          <form
            method="get"
            action="/versus/contrast-page"
            className="contrast__picker"
            aria-label="Choose candidates"
          >
            <Picker side="a" choices={choices} current={a?.id} />
            <Picker side="b" choices={choices} current={b?.id} />
            <button type="submit" className="button button--primary">
              Compare
            </button>
          </form>
          {unknown && (
            <p className="notice notice--error" role="alert">
              One of these candidates is not on Campaign HQ. Please choose another.
            </p>
          )}
          {chosen.length > 0 && (
            <>
              <div className="contrast__cards">
                {chosen.map((card) => (
                  <section key={card.id} className="contrast__card" aria-label={card.name}>
                    {card.image && <img src={card.image} alt="" width={72} height={72} />}
                    <h2>
                      <a href={card.path}>{card.name}</a>
                    </h2>
                    <p>
                      Party: {card.party ? label('party', card.party) : 'Not stated'}
                      <br />
                      Office: {card.office ?? 'Not stated'}
                      {card.district ? ` (${card.district})` : ''}
                      {card.state ? `, ${label('states', card.state)}` : ''}
                    </p>
                  </section>
                ))}
              </div>
              <StanceTable candidates={chosen} caption="Where they stand, issue by issue" />
            </>
          )}
          {chosen.length === 0 && !unknown && (
            <p>Choose two candidates to see where each stands on the issues.</p>
          )}
        </div>
      </>
    ),
  });
}
