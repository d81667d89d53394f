import type { RenderedFragment } from '../server/island-collector';

/**
 * A visitor's header with a search query (/search?q=…) is the same markup for every query except
 * where the query is printed: the search box's field value, its island props (JSON in an
 * attribute) and its "Advanced Search" link (the trimmed query, URL-encoded). Rendering it per query was as much CPU as the twenty result cards below it, so it
 * is rendered once per layout with a placeholder query, and each request puts its query, escaped
 * as React would, where the placeholder is.
 *
 * A template is made only when every placeholder sits in one of those two places; otherwise (a
 * header that printed the query some other way) every request renders, as before.
 */

/** Letters only: JSON and HTML escaping leave it unchanged, and no one searches for it. */
const PLACEHOLDER = 'qZxQueryPlaceholderQzx';

type Place = 'attribute' | 'json-in-attribute' | 'url-in-attribute';

interface Template {
  /** The markup between the placeholders: one more than `places`. */
  parts: string[];
  places: Place[];
  islands: string[];
}

const templates = new Map<string, Template | null>();

/** The header for `query` (not empty), from the template kept under `key`. */
export function headerWithQuery(
  key: string,
  query: string,
  render: (query: string) => RenderedFragment,
): RenderedFragment {
  let template = templates.get(key);
  if (template === undefined) {
    template = templateOf(render(PLACEHOLDER));
    templates.set(key, template);
  }
  // A query of spaces only takes the box's branches for an empty one (no link to /search?q=).
  if (!template || query.trim() === '') return render(query);
  const text: Record<Place, string> = {
    attribute: escapeLikeReact(query),
    'json-in-attribute': escapeLikeReact(JSON.stringify(query).slice(1, -1)),
    'url-in-attribute': escapeLikeReact(encodeURIComponent(query.trim())),
  };
  let html = template.parts[0]!;
  for (let i = 0; i < template.places.length; i++) html += text[template.places[i]!] + template.parts[i + 1]!;
  return { html, islands: template.islands };
}

function templateOf(rendered: RenderedFragment): Template | null {
  const parts = rendered.html.split(PLACEHOLDER);
  if (parts.length < 2) return null;
  const places: Place[] = [];
  for (let i = 0; i < parts.length - 1; i++) {
    const before = parts[i]!;
    const after = parts[i + 1]!;
    // value="…" (or any attribute): the query as the attribute's text.
    if (before.endsWith('="') && after.startsWith('"')) places.push('attribute');
    // data-props="{&quot;initialQuery&quot;:&quot;…&quot;}": a JSON string inside an attribute.
    else if (before.endsWith(':&quot;') && after.startsWith('&quot;')) places.push('json-in-attribute');
    // href="/search?q=…": the link to the advanced search.
    else if (before.endsWith('?q=') && after.startsWith('"')) places.push('url-in-attribute');
    else return null;
  }
  return { parts, places, islands: rendered.islands };
}

const REACT_ESCAPES: Record<string, string> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
};

/** What react-dom/server does to text and attribute values (escapeTextForBrowser). */
function escapeLikeReact(text: string): string {
  return text.replace(/["&'<>]/g, (c) => REACT_ESCAPES[c]!);
}
