import { gunzipSync } from 'node:zlib';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { gzipParts, joinParts, KeptText, partsToBytes } from '../../api/platform/gzip-parts';
import { renderFragment } from './island-collector';
import { MemoizedMarkup, markupMemo } from './memoized-markup';

function Options({
  memo,
  chosen,
  draws,
}: {
  memo: ReturnType<typeof markupMemo>;
  chosen: string;
  draws: string[];
}) {
  return (
    <MemoizedMarkup memo={memo} memoKey={`choice ${chosen}`} className="field">
      {() => {
        draws.push(chosen);
        return (
          <select name="choice" defaultValue={chosen}>
            <option value="a">A – first</option>
            <option value="b">B · second</option>
          </select>
        );
      }}
    </MemoizedMarkup>
  );
}

describe('MemoizedMarkup inside a fragment', () => {
  it('is drawn once per key and answered as a kept part, the whole HTML unchanged', () => {
    const memo = markupMemo(10);
    const draws: string[] = [];
    const page = (typed: string) => (
      <form>
        <input name="q" defaultValue={typed} />
        <Options memo={memo} chosen="b" draws={draws} />
        <p>{typed}</p>
      </form>
    );
    const first = renderFragment('m', page('jordan'));
    const second = renderFragment('m', page('rivera'));
    expect(draws).toEqual(['b']);

    // The same markup React would render with the options inline.
    const inline = renderToString(page('rivera'));
    expect(second.html).toBe(inline);
    expect(second.html).toContain('<option value="b" selected="">B · second</option>');
    expect(joinParts(second.parts ?? [])).toBe(second.html);

    // The options are one part, the very same kept text in both answers: its bytes and deflate made once.
    const kept = (parts: typeof first.parts) => parts?.filter((p) => p instanceof KeptText) ?? [];
    expect(kept(first.parts)).toHaveLength(1);
    expect(kept(second.parts)[0]).toBe(kept(first.parts)[0]);
    expect(partsToBytes(second.parts ?? []).toString()).toBe(inline);
    expect(gunzipSync(gzipParts(second.parts ?? [], 1)).toString()).toBe(inline);
  });

  it('leaves a look-alike of its marker in content as text', () => {
    const memo = markupMemo(10);
    const forged = '<!--kept 0 0-->';
    const fragment = renderFragment(
      'm',
      <div>
        <Options memo={memo} chosen="a" draws={[]} />
        <p>{forged}</p>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a page passing raw HTML through, on purpose */}
        <div dangerouslySetInnerHTML={{ __html: forged }} />
      </div>,
    );
    expect(fragment.html).toContain('<p>&lt;!--kept 0 0--&gt;</p>');
    expect(fragment.html).toContain(`<div>${forged}</div>`);
    expect(fragment.parts?.filter((p) => p instanceof KeptText)).toHaveLength(1);
  });

  it('renders inline outside a fragment', () => {
    const html = renderToString(<Options memo={markupMemo(10)} chosen="a" draws={[]} />);
    expect(html).toBe(
      '<div class="field"><select name="choice"><option value="a" selected="">A – first</option><option value="b">B · second</option></select></div>',
    );
  });
});
