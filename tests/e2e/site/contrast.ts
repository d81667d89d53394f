import type { Locator } from '@playwright/test';

/**
 * WCAG 2.2 contrast of a control against what is painted behind it (1.4.3 for text, 1.4.11 for
 * icons), for a header that is transparent over the page: the colours come from the computed
 * styles of every box under the control's centre (document.elementsFromPoint), composited bottom
 * up over the white canvas. A gradient counts by each of its colour stops, so the ratio is the
 * worst the text meets anywhere across the band.
 */
export type Rgba = readonly [r: number, g: number, b: number, a: number];

/** A box under the point, top first: its background-color and background-image as computed. */
export interface PaintedBox {
  backgroundColor: string;
  backgroundImage: string;
}

export interface ControlPaint {
  name: string;
  /** Visible text: held to 4.5:1; an icon-only control to 3:1. */
  hasText: boolean;
  color: string;
  boxes: PaintedBox[];
}

const WHITE: Rgba = [255, 255, 255, 1];

/** `rgb(1, 2, 3)`, `rgba(1, 2, 3, 0.5)`, `rgb(1 2 3 / 0.5)` as Chromium computes them. */
export function parseColor(text: string): Rgba | null {
  const match = /rgba?\(([^)]*)\)/.exec(text);
  if (!match) return text.trim() === 'transparent' ? [0, 0, 0, 0] : null;
  const parts = match[1]!
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  const [r = 0, g = 0, b = 0, a = 1] = parts;
  return [r, g, b, a];
}

/** Every colour written in one gradient layer (its stops). */
function colorsIn(layer: string): Rgba[] {
  return [...layer.matchAll(/rgba?\([^)]*\)|transparent/g)]
    .map((m) => parseColor(m[0]))
    .filter((color): color is Rgba => color !== null);
}

/** `a, b(c, d), e` → ['a', 'b(c, d)', 'e']: background-image's layers, first on top. */
function topLevelLayers(value: string): string[] {
  const layers: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      layers.push(value.slice(start, i).trim());
      start = i + 1;
    }
  }
  layers.push(value.slice(start).trim());
  return layers.filter((l) => l && l !== 'none');
}

/** `top` painted over an opaque `bottom`. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3];
  return [
    top[0] * a + bottom[0] * (1 - a),
    top[1] * a + bottom[1] * (1 - a),
    top[2] * a + bottom[2] * (1 - a),
    1,
  ];
}

/** The opaque colours that can show behind the point: each box painted over the ones below it. */
export function backgroundsBehind(boxes: readonly PaintedBox[]): Rgba[] {
  let below: Rgba[] = [WHITE];
  for (const box of [...boxes].reverse()) {
    const color = parseColor(box.backgroundColor);
    if (color && color[3] > 0) below = below.map((b) => over(color, b));
    for (const layer of topLevelLayers(box.backgroundImage).reverse()) {
      const stops = colorsIn(layer);
      if (stops.length > 0) below = stops.flatMap((stop) => below.map((b) => over(stop, b)));
    }
  }
  return below;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2.2 relative luminance of an opaque colour. */
export function relativeLuminance([r, g, b]: Rgba): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The lowest ratio the control's colour has against any background that can be behind it. */
export function worstContrast(paint: ControlPaint): number {
  const text = parseColor(paint.color) ?? [0, 0, 0, 1];
  return Math.min(
    ...backgroundsBehind(paint.boxes).map((background) => contrastRatio(over(text, background), background)),
  );
}

/**
 * The header bar's visible links and buttons (not those in a closed popup or the side menu's
 * panel), as they are read: each visible run of text with its own colour and the boxes painted
 * under that text (a badge's count sits on the badge, not on the band), and an icon-only control
 * with its colour and the boxes under its centre (not its own strokes, such as the menu's bars,
 * which are drawn as boxes in its colour); boxes top first. Images and SVG drawings are
 * not backgrounds (their pixels are not read), so they are left out.
 */
export function paintOfHeaderControls(header: Locator): Promise<ControlPaint[]> {
  return header.evaluate((root) => {
    const skipped =
      '[hidden], [role="dialog"], [role="menu"], .side-menu__panel, .search-box__dropdown, .skip-link, .visually-hidden';
    // Behind a control is the page and the control's own box; of what is inside it, only what
    // holds the text (a badge's fill behind its count), never the icon's own strokes.
    const boxesAt = (x: number, y: number, control: Element, text: Node | null) =>
      document
        .elementsFromPoint(x, y)
        .filter((el) => !(el instanceof HTMLImageElement) && !(el instanceof SVGElement))
        .filter((el) => el === control || !control.contains(el) || (text !== null && el.contains(text)))
        .map((el) => {
          const s = getComputedStyle(el);
          return { backgroundColor: s.backgroundColor, backgroundImage: s.backgroundImage };
        });
    const out: ControlPaint[] = [];
    for (const control of root.querySelectorAll<HTMLElement>('a[href], button')) {
      if (control.closest(skipped)) continue;
      const r = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden') continue;
      const name = (
        (control.textContent ?? '').trim() ||
        control.getAttribute('aria-label') ||
        control.className
      ).replace(/\s+/g, ' ');
      // Each run of text in its own colour (the logo's words are coloured by their span).
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT, (node) =>
        node.textContent?.trim() && !node.parentElement?.closest('.visually-hidden')
          ? NodeFilter.FILTER_ACCEPT
          : NodeFilter.FILTER_SKIP,
      );
      let texts = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const t = range.getBoundingClientRect();
        if (t.width === 0 || t.height === 0) continue;
        texts++;
        out.push({
          name,
          hasText: true,
          color: getComputedStyle(node.parentElement ?? control).color,
          boxes: boxesAt(t.left + t.width / 2, t.top + t.height / 2, control, node),
        });
      }
      if (texts === 0)
        out.push({
          name,
          hasText: false,
          color: style.color,
          boxes: boxesAt(r.left + r.width / 2, r.top + r.height / 2, control, null),
        });
    }
    return out;
  });
}
