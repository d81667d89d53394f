import { BAND_LABELS, bandsCurrentFirst, type WidthBand } from '../../../api/contract/heatmap';

/**
 * Which width band's clicks the overlay draws (docs/decisions/0096-heatmaps-that-hold-on-every-screen.md):
 * the band of the window it was opened in comes first and is chosen at first, so what is drawn
 * matches the layout on screen; the others can be picked to compare. Counts come with the data.
 */
export function BandSwitcher(props: {
  windowWidth: number;
  band: WidthBand;
  counts: Record<WidthBand, number> | undefined;
  onChange: (band: WidthBand) => void;
}) {
  return (
    <fieldset className="heatmap-bands">
      <legend>Clicks made at window width</legend>
      {bandsCurrentFirst(props.windowWidth).map((band) => (
        <label key={band}>
          <input
            type="radio"
            name="heatmap-band"
            value={band}
            checked={props.band === band}
            onChange={() => props.onChange(band)}
          />
          {BAND_LABELS[band]}
          {props.counts ? ` (${props.counts[band]})` : ''}
        </label>
      ))}
    </fieldset>
  );
}
