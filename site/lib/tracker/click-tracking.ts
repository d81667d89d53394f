import { anchorShare } from './click-anchor';
import { createDeadClickWatch, createRageDetector } from './click-trouble';
import { type Clock, type ElementLike, labelOf, normalizedPoint, selectorOf } from './rules';
import type { ClickInfo, TrackerTransport } from './tracker';

/**
 * What the tracker does with a tracked click: sends it with its page point and its anchor inside
 * the element, and watches it for a rage burst or a dead click (click-trouble.ts), sending each as
 * a signal. `ready` is the session call every call waits for.
 */
export function createClickTracking(deps: {
  clock: Clock;
  transport: TrackerTransport;
  safely: (what: string, call: () => Promise<unknown>) => void;
  ready: () => Promise<unknown>;
}) {
  const { clock, transport, safely, ready } = deps;
  const signal = (kind: 'rage' | 'dead', element: ElementLike, click: ClickInfo) => {
    const input = {
      url: click.url,
      selector: selectorOf(element),
      label: labelOf(element),
      windowWidth: click.windowWidth,
      kind,
    };
    safely('trackClickSignal', () => ready().then(() => transport.trackClickSignal(input)));
  };
  const rage = createRageDetector();
  const dead = createDeadClickWatch<{ element: ElementLike; click: ClickInfo }>(clock, ({ element, click }) =>
    signal('dead', element, click),
  );
  return {
    clicked(element: ElementLike, click: ClickInfo) {
      const point = normalizedPoint(
        { x: click.pageX, y: click.pageY },
        { width: click.pageWidth, height: click.pageHeight },
      );
      const input = {
        url: click.url,
        selector: selectorOf(element),
        label: labelOf(element),
        x: point.x,
        y: point.y,
        windowWidth: click.windowWidth,
        windowHeight: click.windowHeight,
        isNormalized: true as const,
        ...(anchorShare(click, click.box) ?? { anchorX: null, anchorY: null }),
      };
      safely('trackClick', () => ready().then(() => transport.trackClick(input)));
      const at = clock.now();
      if (rage.add({ at, x: click.clientX, y: click.clientY, selector: input.selector })) {
        signal('rage', element, click);
      }
      // A link opening another tab or downloading a file changes nothing here, and is not broken.
      if (element.getAttribute('target') !== '_blank' && element.getAttribute('download') === null) {
        dead.clicked(input.selector, { element, click });
      }
    },
    pageChanged: () => dead.changed(),
    navigationBegan: () => dead.navigated(),
  };
}
