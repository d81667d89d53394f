/**
 * The FEC's text rule (fecfile-validate's schemas give every text field the pattern `^[ -~]*$`):
 * a field holds printable ASCII only, space to tilde. Names and addresses are stored as people
 * typed them, so they are transliterated on the way out: letters lose their accents (Unicode's
 * compatibility decomposition, then the combining marks dropped), the few letters that do not
 * decompose are spelled as the FEC's filers spell them, and anything else becomes a space.
 */
const SPELLED: Record<string, string> = {
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ø: 'O',
  ø: 'o',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Þ: 'TH',
  þ: 'th',
  Ł: 'L',
  ł: 'l',
  ı: 'i',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
};

const PRINTABLE = /^[ -~]*$/;

/** `text` as printable ASCII, runs of spaces made one and the ends trimmed. */
export function fecText(text: string): string {
  const spelled = Array.from(text.normalize('NFKD'), (ch) => SPELLED[ch] ?? ch)
    .join('')
    .replace(/\p{M}/gu, '');
  return spelled
    .replace(/[^ -~]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Whether `text` is what a field may hold: printable ASCII only. */
export function isFecText(text: string): boolean {
  return PRINTABLE.test(text);
}

/** `text` transliterated and cut to a field's length. */
export function fecField(text: string | null | undefined, maxLength: number): string {
  return text ? fecText(text).slice(0, maxLength).trimEnd() : '';
}
