/**
 * Structured data for search engines in a <script type="application/ld+json">. The JSON is written
 * as raw script text, so every `<`, `>` and `&` becomes a \u escape: a member's text containing
 * `</script>` (or `<!--`) cannot end the element early or open HTML, and the JSON still parses to
 * the same strings. U+2028/2029 are escaped too (valid JSON, but line breaks to older parsers).
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function JsonLd({ data }: { data: unknown }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by serializeJsonLd for a script element.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
