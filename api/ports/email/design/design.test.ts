import { describe, expect, it } from 'vitest';
import { blockLinks, mapBlockLinks, textToBlocks } from './blocks';
import { blocksToText } from './plain-text';
import { designedParts, withDesign } from './render';

const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]?.replaceAll('&amp;', '&'));

const COMPOSED = [
  '# Election day is Tuesday',
  'Hi Ann, polls open at 7 a.m. Find yours at https://vote.example.test/where.',
  '![Volunteers at the rally](https://app.example.test/images/rally.jpg)',
  '[Volunteer a shift](https://app.example.test/events/gotv)',
  '[$25, $50, $100](https://app.example.test/donate/casey?refcode=em-5)',
  '> We cannot win without you.',
  '--\nYou receive this email because you gave to Casey.\nUnsubscribe: https://app.example.test/unsubscribe?token=t',
].join('\n\n');

describe('designed email', () => {
  it('reads a composed message as blocks', () => {
    expect(textToBlocks(COMPOSED).map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'image',
      'button',
      'amounts',
      'quote',
      'footer',
    ]);
  });

  it('gives each preset amount its own link to the donation page, its refcode kept', () => {
    expect(blockLinks(textToBlocks(COMPOSED))).toEqual([
      'https://vote.example.test/where',
      'https://app.example.test/events/gotv',
      'https://app.example.test/donate/casey?refcode=em-5&amount=25',
      'https://app.example.test/donate/casey?refcode=em-5&amount=50',
      'https://app.example.test/donate/casey?refcode=em-5&amount=100',
      'https://app.example.test/unsubscribe?token=t',
    ]);
  });

  it('writes every link of the HTML part into the plain-text part', async () => {
    const blocks = textToBlocks(COMPOSED);
    const { html, text } = await designedParts('Election day', blocks);
    const links = hrefs(html);
    expect(new Set(links)).toEqual(new Set(blockLinks(blocks)));
    for (const link of links) expect(text).toContain(link);
    expect(html).toContain('lang="en"');
    expect(html).toContain('<title>Election day</title>');
    expect(html).toContain('alt="Volunteers at the rally"');
  });

  it('rewrites links without touching the words around them', () => {
    const mapped = mapBlockLinks(
      textToBlocks(COMPOSED),
      (href) => `https://r.test/${blockLinks(textToBlocks(COMPOSED)).indexOf(href)}`,
    );
    const text = blocksToText(mapped);
    expect(text).toContain('Find yours at https://r.test/0.');
    expect(text).toContain('Give $50: https://r.test/3');
    expect(text).not.toContain('vote.example.test');
  });

  it('lays a plain-text notice out as HTML and leaves its text as written', async () => {
    const notice = {
      to: 'ann@example.test',
      subject: 'We received your request T-1',
      text: 'Thank you.\n\n> my printer <is> on fire\n\nRead the conversation:\nhttps://app.example.test/support/T-1?token=abc\n',
    };
    const designed = await withDesign(notice);
    expect(designed.text).toBe(notice.text);
    expect(hrefs(designed.html ?? '')).toEqual(['https://app.example.test/support/T-1?token=abc']);
    // The member's own words are text, never markup.
    expect(designed.html).toContain('my printer &lt;is&gt; on fire');
  });

  it('keeps the HTML a message brings', async () => {
    const message = { to: 'a@example.test', subject: 's', text: 't', html: '<p>t</p>' };
    expect(await withDesign(message)).toBe(message);
  });
});
