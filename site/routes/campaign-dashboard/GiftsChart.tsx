import { dollars, wholeDollars } from '../../../api/contract/money';
import type { GiftDay } from '../../../api/modules/campaign-dashboard/stats';
import { ScrollingTable } from '../../components/ScrollingTable';
import { moneyTicks } from './money-axis';

/**
 * Paid gifts by day as a server-rendered bar chart (docs/decisions/0023-campaign-dashboard-and-refunds.md). The SVG draws
 * only the bars and grid lines and stretches to the width it is given; the axis labels are HTML
 * text beside and under it, so they keep their CSS size at every width (drawn in the SVG they
 * shrank with its viewBox to ~6 px at 375 px: docs/decisions/0076-visual-bands-figures-and-chart-labels.md).
 * The SVG is a picture with a one-line summary for screen readers; the table after it holds every
 * figure, so the labels are hidden from them.
 */
const W = 720;
const H = 200;
/** Days between two date labels: about six labels across (CSS hides every other one on a phone). */
const LABELS_ACROSS = 6;

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(3)}%`;

export function GiftsChart({ days }: { days: readonly GiftDay[] }) {
  const highest = Math.max(0, ...days.map((d) => d.cents));
  const ticks = moneyTicks(highest);
  const top = ticks[ticks.length - 1]!;
  const step = W / Math.max(1, days.length);
  const every = Math.max(1, Math.ceil(days.length / LABELS_ACROSS));
  const total = days.reduce((n, d) => n + d.cents, 0);
  const gifts = days.reduce((n, d) => n + d.gifts, 0);
  const first = days[0]?.day;
  const last = days[days.length - 1]?.day;
  const summary = `Paid gifts by day from ${first} to ${last}: ${gifts} gifts, ${dollars(total)} in all; the highest day raised ${dollars(highest)}.`;
  return (
    <figure className="gifts-chart">
      <div className="gifts-chart__frame">
        <ol className="gifts-chart__money" aria-hidden="true">
          {[...ticks].reverse().map((t) => (
            <li key={t}>{wholeDollars(t)}</li>
          ))}
        </ol>
        <svg
          className="gifts-chart__plot"
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          role="img"
          aria-labelledby="gifts-chart-summary"
        >
          <title id="gifts-chart-summary">{summary}</title>
          {ticks.map((t) => {
            const y = H - (t / top) * H;
            return (
              <line key={t} x1={0} x2={W} y1={y} y2={y} stroke="#d5dce6" vectorEffect="non-scaling-stroke" />
            );
          })}
          {days.map((d, i) => {
            const h = (d.cents / top) * H;
            return (
              <rect
                key={d.day}
                x={i * step + step * 0.12}
                y={H - h}
                width={Math.max(1, step * 0.76)}
                height={h}
                fill="#1f6feb"
              />
            );
          })}
        </svg>
        <ol className="gifts-chart__days" aria-hidden="true">
          {days.map((d, i) =>
            i % every === 0 ? (
              <li key={d.day} style={{ left: percent(i * step + step / 2, W) }}>
                {dayLabel(d.day)}
              </li>
            ) : null,
          )}
        </ol>
      </div>
      <figcaption>
        <details>
          <summary>Gifts by day as a table</summary>
          <ScrollingTable caption="Paid gifts by day" className="data-table" captionHidden>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Gifts</th>
                <th scope="col">Raised</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.day}</th>
                  <td>{d.gifts}</td>
                  <td>{dollars(d.cents)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollingTable>
        </details>
      </figcaption>
    </figure>
  );
}
