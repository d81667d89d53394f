import { render } from '@react-email/render';
import { createElement } from 'react';
import type { EmailMessage } from '../port';
import { BrandedEmail } from './BrandedEmail';
import { type EmailBlock, textToBlocks } from './blocks';
import { blocksToText } from './plain-text';

/** The HTML part of a designed message: the branded layout around its blocks. */
export function renderEmailHtml(subject: string, blocks: EmailBlock[]): Promise<string> {
  return render(createElement(BrandedEmail, { subject, blocks }));
}

/** A message built from blocks: the HTML part and the plain-text part, carrying the same links. */
export async function designedParts(
  subject: string,
  blocks: EmailBlock[],
): Promise<{ text: string; html: string }> {
  return { text: blocksToText(blocks), html: await renderEmailHtml(subject, blocks) };
}

/**
 * Every message leaves as HTML with its plain-text part: one written as plain text (receipts,
 * reminders, notices) is laid out from its own text by the same templates, so its text part stays
 * exactly as written and the HTML carries no link the text lacks. One that brings its HTML keeps it.
 */
export async function withDesign(message: EmailMessage): Promise<EmailMessage> {
  if (message.html) return message;
  return { ...message, html: await renderEmailHtml(message.subject, textToBlocks(message.text)) };
}
