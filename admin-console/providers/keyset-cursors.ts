/**
 * The cursors of the pages a list has shown, so that Next and Previous ask the server for the rows
 * after the last row or before the first row of a page already seen (keyset), and only a jump to a
 * page never seen goes by OFFSET (docs/decisions/0036-console-lists-at-scale.md). A list is one
 * resource with one sort, filter and page size: change any of them and its pages start afresh.
 */

/** Pages a jump may reach without a cursor: the server's MAX_JUMP_ROWS (api/doors/rest/lists/keyset.ts). */
export const MAX_JUMP_ROWS = 10_000;
/** Lists remembered at once; the oldest is forgotten first. */
const LISTS_KEPT = 20;

interface PageCursors {
  first: string;
  last: string;
}

export class KeysetCursors {
  private readonly lists = new Map<string, Map<number, PageCursors>>();

  /** `after` or `before` for the page at `start`, when a neighbouring page was seen. */
  cursorFor(list: string, start: number, perPage: number): { after: string } | { before: string } | null {
    const pages = this.lists.get(list);
    const previous = pages?.get(start - perPage);
    if (previous) return { after: previous.last };
    const next = pages?.get(start + perPage);
    if (next) return { before: next.first };
    return null;
  }

  /** Keeps a page's cursors from the server's `X-Page-Cursors: <first> <last>` (absent: an empty page). */
  remember(list: string, start: number, header: string | null): void {
    const [first, last] = header?.split(' ') ?? [];
    let pages = this.lists.get(list);
    if (!pages) {
      pages = new Map();
      this.lists.set(list, pages);
      if (this.lists.size > LISTS_KEPT) this.lists.delete(this.lists.keys().next().value!);
    }
    if (first && last) pages.set(start, { first, last });
    else pages.delete(start);
  }
}
