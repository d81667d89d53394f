/**
 * What a PostgreSQL text column can hold. It refuses NUL (`invalid byte sequence for encoding
 * "UTF8": 0x00`), and a lone UTF-16 surrogate is not a character at all: the driver would turn it
 * into U+FFFD on the way, storing something other than what was sent.
 */
const NUL = '\0';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

export const isStorableText = (text: string) => !text.includes(NUL) && !LONE_SURROGATE.test(text);

/** The text with each NUL and lone surrogate written as a \uXXXX escape (for the rejected table). */
export const escapeUnstorable = (text: string) =>
  text
    .replaceAll(NUL, '\\u0000')
    .replace(LONE_SURROGATES, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
