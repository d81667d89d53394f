/**
 * What a designed email is made of (docs/decisions/0099-designed-email-and-click-tracking.md): a
 * list of blocks that one set of React templates renders to HTML (BrandedEmail.tsx) and that
 * `blocksToText` writes as the plain-text part, so both parts carry the same links.
 */
export type EmailBlock =
  | { kind: 'heading'; text: string }
  /** Lines of text; every http(s) address in it becomes a link. */
  | { kind: 'paragraph'; text: string }
  /** Someone's own words quoted back ("> " lines in a plain-text message). */
  | { kind: 'quote'; text: string }
  | { kind: 'image'; src: string; alt: string }
  | { kind: 'button'; label: string; href: string }
  /** Preset gift amounts, each a button to the donation page with its `amount=` (dollars). */
  | { kind: 'amounts'; options: { dollars: number; href: string }[] }
  /** The small print under a rule: why the reader gets it, how to stop. */
  | { kind: 'footer'; text: string };

/** An http(s) address in running text; trailing sentence punctuation is not part of it. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"]+/g;
const TRAILING = /[.,;:!?)\]'"]+$/;

export type TextPiece = { text: string } | { href: string };

/** Running text cut into words and links, the way both parts show it. */
export function linkPieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const trailing = TRAILING.exec(match[0])?.[0] ?? '';
    const href = match[0].slice(0, match[0].length - trailing.length);
    const start = match.index ?? 0;
    if (start > at) pieces.push({ text: text.slice(at, start) });
    pieces.push({ href });
    at = start + href.length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at) });
  return pieces;
}

const HEADING = /^#\s+(.+)$/;
const IMAGE = /^!\[([^\]]+)\]\((https:\/\/[^\s)]+)\)$/;
const BUTTON = /^\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)$/;
/** "[$25, $50, $100](https://…/donate/handle)": the label is only dollar amounts. */
const AMOUNTS = /^\$\d{1,6}(?:\s*,\s*\$\d{1,6})*$/;

function blockOf(paragraph: string): EmailBlock {
  const lines = paragraph.split('\n');
  if (lines.length === 1) {
    const heading = HEADING.exec(paragraph);
    if (heading?.[1]) return { kind: 'heading', text: heading[1].trim() };
    const image = IMAGE.exec(paragraph);
    if (image?.[1] && image[2]) return { kind: 'image', alt: image[1].trim(), src: image[2] };
    const button = BUTTON.exec(paragraph);
    if (button?.[1] && button[2]) {
      const label = button[1].trim();
      if (AMOUNTS.test(label)) {
        const href = button[2];
        const options = label.split(',').map((amount) => {
          const dollars = Number(amount.trim().slice(1));
          return { dollars, href: amountLink(href, dollars) };
        });
        return { kind: 'amounts', options };
      }
      return { kind: 'button', label, href: button[2] };
    }
  }
  if (lines.every((line) => line.startsWith('>'))) {
    return { kind: 'quote', text: lines.map((line) => line.replace(/^>\s?/, '')).join('\n') };
  }
  return { kind: 'paragraph', text: paragraph };
}

/**
 * A plain-text message as blocks. Paragraphs are separated by blank lines; a paragraph that is one
 * line of `# Heading`, `![alt](https://…)`, `[Label](https://…)` or `[$25, $50](https://…/donate/…)`
 * is that block (mass email's composer writes these); "> " lines are a quote; a `--` line starts
 * the footer, which runs to the end. Every other message is paragraphs, as it was written.
 */
export function textToBlocks(text: string): EmailBlock[] {
  const blocks: EmailBlock[] = [];
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.replace(/^\n+|\s+$/g, ''))
    .filter((p) => p.trim() !== '');
  for (const [i, paragraph] of paragraphs.entries()) {
    if (paragraph === '--' || paragraph.startsWith('--\n')) {
      const rest = [paragraph.slice(2).trim(), ...paragraphs.slice(i + 1)].filter(Boolean);
      if (rest.length > 0) blocks.push({ kind: 'footer', text: rest.join('\n\n') });
      break;
    }
    blocks.push(blockOf(paragraph));
  }
  return blocks;
}

/** A preset amount's link: the donation page with `amount=` in dollars, its other parameters kept. */
export function amountLink(href: string, dollars: number): string {
  const url = new URL(href);
  url.searchParams.set('amount', String(dollars));
  return url.toString();
}

/** Every address the reader can follow, in reading order, each once (the footer's too). */
export function blockLinks(blocks: EmailBlock[]): string[] {
  const links: string[] = [];
  const add = (href: string) => {
    if (!links.includes(href)) links.push(href);
  };
  for (const block of blocks) {
    switch (block.kind) {
      case 'paragraph':
      case 'quote':
      case 'footer':
        for (const piece of linkPieces(block.text)) if ('href' in piece) add(piece.href);
        break;
      case 'button':
        add(block.href);
        break;
      case 'amounts':
        for (const option of block.options) add(option.href);
        break;
      case 'heading':
      case 'image':
        break;
    }
  }
  return links;
}

/** Rewrites every followable address (a tracked link in place of its target); text is untouched. */
export function mapBlockLinks(blocks: EmailBlock[], map: (href: string) => string): EmailBlock[] {
  const inText = (text: string) =>
    linkPieces(text)
      .map((piece) => ('href' in piece ? map(piece.href) : piece.text))
      .join('');
  const mapBlock = (block: EmailBlock): EmailBlock => {
    switch (block.kind) {
      case 'paragraph':
      case 'quote':
      case 'footer':
        return { ...block, text: inText(block.text) };
      case 'button':
        return { ...block, href: map(block.href) };
      case 'amounts':
        return { ...block, options: block.options.map((o) => ({ ...o, href: map(o.href) })) };
      case 'heading':
      case 'image':
        return block;
    }
  };
  return blocks.map(mapBlock);
}
