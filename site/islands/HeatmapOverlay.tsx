import { useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { type WidthBand, widthBand } from '../../api/contract/heatmap';
import { drawHeatmap } from '../lib/heatmap/draw';
import { locateOnPage } from '../lib/heatmap/locate';
import { type DrawPoint, heatmapDrawPoints, type PageSize } from '../lib/heatmap/points';
import { depthReachedBy, type ScrollMarker, scrollMarkers } from '../lib/heatmap/scroll-map';
import { useQuery } from '../lib/query-hooks/use-query';
import { trpc } from '../lib/trpc';
import { BandSwitcher } from './heatmap/BandSwitcher';
import { ScrollMapLayer } from './heatmap/ScrollMapLayer';
import { type TroubleMark, TroubleMarks } from './heatmap/TroubleMarks';

/** docs/product/spec.md §9: cached fresh for 5 minutes, kept 10, not refetched on window focus. */
const STALE_MS = 5 * 60_000;
const KEEP_MS = 10 * 60_000;
const MAX_RETRIES = 3;

const heatmapKey = (path: string, band: WidthBand) => ['analytics.heatmapData', path, band] as const;

function pageSize(): PageSize {
  const root = document.documentElement;
  return {
    width: Math.max(root.scrollWidth, root.clientWidth),
    height: Math.max(root.scrollHeight, root.clientHeight),
  };
}

/**
 * The click heatmap over the current page (docs/product/spec.md §§2, 4, 5, 9). The server renders this
 * island only for staff holding VIEW_ANALYTICS_HEATMAP (site/server/header-account.ts); the data
 * procedure checks the permission again. Off until toggled; turning it on clears what was drawn
 * and loads the current path's clicks. The canvas covers the whole page, ignores the pointer
 * and is hidden from assistive technology.
 */
export default function HeatmapOverlay() {
  const queryClient = useQueryClient();
  const [on, setOn] = useState(false);
  const [path, setPath] = useState<string | null>(null);
  const [openedAt, setOpenedAt] = useState(0);
  const [band, setBand] = useState<WidthBand>('wide');
  const [points, setPoints] = useState<DrawPoint[] | null>(null);
  const [marks, setMarks] = useState<TroubleMark[]>([]);
  const [markers, setMarkers] = useState<ScrollMarker[]>([]);
  const [size, setSize] = useState<PageSize>({ width: 0, height: 0 });
  const canvasRef = useRef<HTMLCanvasElement>(null);

  const heatmap = useQuery({
    queryKey: heatmapKey(path ?? '', band),
    queryFn: () => trpc.analytics.heatmapData.query({ url: path ?? '/', band }),
    enabled: on && path !== null,
    staleTime: STALE_MS,
    gcTime: KEEP_MS,
    refetchOnWindowFocus: false,
    // Refusals (signed out, permission withdrawn) will not change on a retry.
    retry: (count, error) => count < MAX_RETRIES && !isClientError(error),
  });
  const loading = on && heatmap.isFetching;

  useEffect(() => {
    if (heatmap.error) console.error('The heatmap could not be loaded', heatmap.error);
  }, [heatmap.error]);

  // Points are computed against the page as it is now, and again when the window changes size.
  useEffect(() => {
    if (!on || !heatmap.data) return;
    const place = () => {
      const page = pageSize();
      setSize(page);
      setPoints(heatmapDrawPoints(heatmap.data, page, window.innerHeight, locateOnPage));
      setMarkers(scrollMarkers(heatmap.data.scrollMap, page.height));
      setMarks(
        heatmap.data.clickTrouble.flatMap((t) => {
          const box = locateOnPage(t.selector);
          return box ? [{ ...t, box }] : [];
        }),
      );
    };
    place();
    let timer: number | undefined;
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(place, 200);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [on, heatmap.data]);

  useEffect(() => {
    if (canvasRef.current && points) drawHeatmap(canvasRef.current, points);
  }, [points]);

  function toggle() {
    if (on) {
      setOn(false);
      setPoints(null);
      return;
    }
    const current = window.location.pathname;
    const currentBand = widthBand(window.innerWidth);
    setPoints(null);
    // A failed load is not kept: switching on again tries again.
    if (queryClient.getQueryState(heatmapKey(current, currentBand))?.status === 'error') {
      queryClient.removeQueries({ queryKey: heatmapKey(current, currentBand), exact: true });
    }
    setPath(current);
    setOpenedAt(window.innerWidth);
    setBand(currentBand);
    setOn(true);
  }

  function chooseBand(next: WidthBand) {
    if (path && queryClient.getQueryState(heatmapKey(path, next))?.status === 'error') {
      queryClient.removeQueries({ queryKey: heatmapKey(path, next), exact: true });
    }
    setPoints(null);
    setBand(next);
  }

  const state = !on ? 'off' : loading ? 'loading' : heatmap.error ? 'error' : 'on';
  const status =
    state === 'loading'
      ? 'Loading the heatmap…'
      : state === 'error'
        ? 'The heatmap could not be loaded.'
        : state === 'on' && points
          ? `Heatmap on: ${heatmap.data?.totalClicks ? `${heatmap.data.totalClicks} clicks` : 'no clicks yet, showing samples'}.${marks.length > 0 ? ` ${marks.length} elements marked for rage or dead clicks.` : ''}${scrollSummary(heatmap.data?.scrollMap)}`
          : '';

  return (
    <div className="heatmap-control" data-state={state}>
      <button type="button" className="heatmap-toggle" aria-pressed={on} aria-busy={loading} onClick={toggle}>
        Click heatmap
      </button>
      {on && (
        <BandSwitcher
          windowWidth={openedAt}
          band={band}
          counts={heatmap.data?.bandClicks}
          onChange={chooseBand}
        />
      )}
      <span className="visually-hidden" role="status">
        {status}
      </span>
      {on &&
        points &&
        createPortal(
          // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas without tabindex takes no focus; the overlay is decorative.
          <canvas
            ref={canvasRef}
            className="heatmap-canvas"
            width={size.width}
            height={size.height}
            style={{ width: size.width, height: size.height }}
            aria-hidden="true"
            data-points={points.length}
            data-band={band}
            // The drawn positions, for checking the overlay against the page (page pixels, as drawn).
            data-drawn={JSON.stringify(points.map((p) => [Math.round(p.x), Math.round(p.y), p.value]))}
            data-total-clicks={heatmap.data?.totalClicks ?? 0}
          />,
          document.body,
        )}
      {on && points && marks.length > 0 && createPortal(<TroubleMarks marks={marks} />, document.body)}
      {on &&
        points &&
        heatmap.data &&
        markers.length > 0 &&
        createPortal(
          <ScrollMapLayer reached={heatmap.data.scrollMap.reached} markers={markers} height={size.height} />,
          document.body,
        )}
    </div>
  );
}

/** The scroll map in words for the status line: where half the visitors stopped. */
function scrollSummary(map: { views: number; reached: number[] } | undefined): string {
  if (!map || map.views === 0) return '';
  return ` Half of the visitors scrolled to ${depthReachedBy(map.reached, 50)} % of the page.`;
}

function isClientError(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  return status !== undefined && status >= 400 && status < 500;
}
