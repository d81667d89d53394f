import { type ScrollMarker, scrollGradient } from '../../lib/heatmap/scroll-map';

/**
 * The scroll map over the page (docs/decisions/0096-heatmaps-that-hold-on-every-screen.md): a
 * strip down the left edge, dark where every visitor was and fading as fewer got further, and a
 * line with "N % of visitors reached here" where three quarters, half and a quarter of them
 * stopped. Drawn like the canvas: no pointer events, hidden from assistive technology (the
 * overlay's status gives the 50 % depth in words).
 */
export function ScrollMapLayer(props: {
  reached: readonly number[];
  markers: readonly ScrollMarker[];
  height: number;
}) {
  return (
    <div className="heatmap-scroll" aria-hidden="true" style={{ height: props.height }}>
      <div className="heatmap-scroll__strip" style={{ background: scrollGradient(props.reached) }} />
      {props.markers.map((m) => (
        <div key={m.share} className="heatmap-scroll__line" data-share={m.share} style={{ top: m.y }}>
          <span>{m.share} % of visitors reached here</span>
        </div>
      ))}
    </div>
  );
}
