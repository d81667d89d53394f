import type { ClickTroubleRow } from '../../../api/contract/analytics-reports';
import type { PageBox } from '../../lib/heatmap/points';

export interface TroubleMark extends ClickTroubleRow {
  box: PageBox;
}

/** What a mark says: '3 rage, 1 dead'. */
export const troubleText = (t: ClickTroubleRow) =>
  [t.rage > 0 ? `${t.rage} rage` : null, t.dead > 0 ? `${t.dead} dead` : null].filter(Boolean).join(', ');

/**
 * Outlines the elements with rage or dead clicks (docs/decisions/0096-heatmaps-that-hold-on-every-screen.md)
 * where they are laid out now, with their counts. Drawn over the page like the canvas: no pointer
 * events, hidden from assistive technology (the overlay's status says how many are marked).
 */
export function TroubleMarks({ marks }: { marks: readonly TroubleMark[] }) {
  return (
    <div className="heatmap-marks" aria-hidden="true">
      {marks.map((m) => (
        <div
          key={m.selector}
          className="heatmap-mark"
          data-selector={m.selector}
          style={{ left: m.box.left, top: m.box.top, width: m.box.width, height: m.box.height }}
        >
          <span className="heatmap-mark__count">{troubleText(m)}</span>
        </div>
      ))}
    </div>
  );
}
