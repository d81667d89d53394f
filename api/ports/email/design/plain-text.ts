import type { EmailBlock } from './blocks';

/**
 * The plain-text part of a designed message: every block in reading order, each link written out
 * in full (a reader without HTML, or a screen reader's text view, can follow all of them).
 */
export function blocksToText(blocks: EmailBlock[]): string {
  return `${blocks.map(blockText).join('\n\n')}\n`;
}

function blockText(block: EmailBlock): string {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
      return block.text;
    case 'quote':
      return block.text
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
    case 'image':
      return `[${block.alt}]`;
    case 'button':
      return `${block.label}: ${block.href}`;
    case 'amounts':
      return block.options.map((o) => `Give $${o.dollars}: ${o.href}`).join('\n');
    case 'footer':
      return `--\n${block.text}`;
  }
}
