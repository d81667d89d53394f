import { dollars } from '../../../api/contract/money';
import type { GiftDay } from '../../../api/modules/campaign-dashboard/stats';
import { ScrollingTable } from '../../components/ScrollingTable';

/**
 * Paid gifts by day as a server-rendered SVG bar chart (docs/decisions/0023-campaign-dashboard-and-refunds.md). The SVG is a picture
 * with a one-line summary for screen readers; the table after it holds every figure.
 */
const W = 720;
const H = 200;
const PAD = { top: 12, right: 8, bottom: 26, left: 56 };

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

export function GiftsChart({ days }: { days: readonly GiftDay[] }) {
  const max = Math.max(1, ...days.map((d) => d.cents));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const step = plotW / Math.max(1, days.length);
  const every = Math.max(1, Math.ceil(days.length / 6));
  const total = days.reduce((n, d) => n + d.cents, 0);
  const gifts = days.reduce((n, d) => n + d.gifts, 0);
  const first = days[0]?.day;
  const last = days[days.length - 1]?.day;
  const summary = `Paid gifts by day from ${first} to ${last}: ${gifts} gifts, ${dollars(total)} in all; the highest day raised ${dollars(max === 1 && total === 0 ? 0 : max)}.`;
  return (
    <figure className="gifts-chart">
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-labelledby="gifts-chart-summary">
        <title id="gifts-chart-summary">{summary}</title>
        {[0, max / 2, max].map((t) => {
          const y = PAD.top + plotH - (t / max) * plotH;
          return (
            <g key={t}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} stroke="#d5dce6" />
              <text x={PAD.left - 6} y={y + 4} textAnchor="end" fontSize="11" fill="#4a5568">
                {dollars(Math.round(t)).replace(/\.00$/, '')}
              </text>
            </g>
          );
        })}
        {days.map((d, i) => {
          const h = (d.cents / max) * plotH;
          const x = PAD.left + i * step + step * 0.12;
          return (
            <g key={d.day}>
              <rect
                x={x}
                y={PAD.top + plotH - h}
                width={Math.max(1, step * 0.76)}
                height={h}
                fill="#1f6feb"
              />
              {i % every === 0 && (
                <text x={x + step * 0.38} y={H - 8} textAnchor="middle" fontSize="11" fill="#4a5568">
                  {dayLabel(d.day)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
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
