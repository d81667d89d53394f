import { describe, expect, it } from 'vitest';
import { Island } from '../server/Island';
import { mainFragment } from './main-fragment';

const meta = { title: 'T', description: 'D' };

describe('mainFragment', () => {
  it('draws a page without a body key on every call', () => {
    const first = mainFragment({ meta, body: <p>one</p> }, 'page page--standard');
    const second = mainFragment({ meta, body: <p>two</p> }, 'page page--standard');
    expect(first.html).toBe('<main id="main" class="page page--standard"><p>one</p></main>');
    expect(second.html).toBe('<main id="main" class="page page--standard"><p>two</p></main>');
    expect(first.kept).toBeUndefined();
  });

  it('draws a kept body once per key and class, and answers the same markup again', () => {
    const key = `test ${Math.random()}`;
    let draws = 0;
    const page = (text: string) => ({
      meta,
      bodyKey: key,
      body: () => {
        draws++;
        return <p>{text}</p>;
      },
    });
    const first = mainFragment(page('kept'), 'page page--standard');
    // Same key: the kept copy answers, whatever the function would draw now.
    const again = mainFragment(page('not drawn'), 'page page--standard');
    expect(draws).toBe(1);
    expect(again.html).toBe('<main id="main" class="page page--standard"><p>kept</p></main>');
    expect(again.kept).toBe(first.kept);
    expect(again.kept?.text).toBe(again.html);

    // Another class (the chrome of another layout) or another key is drawn anew.
    expect(mainFragment(page('home'), 'page page--home').html).toContain('<p>home</p>');
    expect(mainFragment({ ...page('changed'), bodyKey: `${key}+` }, 'page page--standard').html).toContain(
      '<p>changed</p>',
    );
    expect(draws).toBe(3);
  });

  it('reports the islands of a kept body on every answer, so their code is still linked', () => {
    const body = () => <Island name="Tracker" props={{ userId: 7 }} />;
    const key = `islands ${Math.random()}`;
    const first = mainFragment({ meta, bodyKey: key, body }, 'bare-main');
    const again = mainFragment({ meta, bodyKey: key, body }, 'bare-main');
    expect(first.islands).toEqual(['Tracker']);
    expect(again.islands).toEqual(['Tracker']);
  });
});
