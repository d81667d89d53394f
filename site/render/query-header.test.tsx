import { describe, expect, it } from 'vitest';
import { Header } from '../layout/Header';
import { chooseLayout } from '../lib/choose-layout';
import { renderFragment } from '../server/island-collector';
import { headerWithQuery } from './query-header';

/** A visitor's header with a search query, from its template, is exactly what React renders. */
const choice = chooseLayout('/search', false);
const rendered = (query: string) =>
  renderFragment('h', <Header choice={choice} user={null} account={null} query={query} />);

describe('headerWithQuery', () => {
  it.each([
    'jordan rivera',
    `<script>alert("x")</script>`,
    `O'Brien & "Sons" \\ back\\slash`,
    'ünïcödé — “quotes” 🗳️',
    '  spaced  ',
    '   ',
    'a+b=c?d#e%20',
    '</div><div data-props="{}">',
  ])('matches the render for %j', (query) => {
    expect(headerWithQuery('standard-test', query, rendered)).toEqual(rendered(query));
  });

  it('renders the header once, for the template, whatever the queries', () => {
    let renders = 0;
    const counted = (query: string) => {
      renders++;
      return rendered(query);
    };
    for (const query of ['a', 'b & c', 'd"e']) headerWithQuery('counted-test', query, counted);
    expect(renders).toBe(1);
  });

  it('renders every time when the query is printed somewhere it cannot place', () => {
    let renders = 0;
    const printsAsText = (query: string) => {
      renders++;
      return { html: `<p>Results for ${query}</p>`, islands: [] };
    };
    expect(headerWithQuery('text-test', 'a<b', printsAsText).html).toBe('<p>Results for a<b</p>');
    expect(headerWithQuery('text-test', 'c', printsAsText).html).toBe('<p>Results for c</p>');
    // Once to look for a template, then once per request.
    expect(renders).toBe(3);
  });
});
