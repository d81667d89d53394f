/**
 * A daily series as a plain SVG bar chart, like the dashboard's sign-up chart: no chart library;
 * the SVG is decorative and the figures are in the table the screen shows beside it.
 */
export interface DailyValue {
  day: string;
  value: number;
}

const WIDTH = 720;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 26, left: 44 };

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

export function DailyChart({ data, color = '#1f6feb' }: { data: readonly DailyValue[]; color?: string }) {
  const max = Math.max(1, ...data.map((d) => d.value));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const step = plotW / Math.max(1, data.length);
  const ticks = [...new Set([0, Math.round(max / 2), max])];
  // About six date labels whatever the range.
  const every = Math.max(1, Math.ceil(data.length / 6));
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="presentation" aria-hidden="true">
      {ticks.map((t) => {
        const y = PAD.top + plotH - (t / max) * plotH;
        return (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} stroke="#d5dce6" />
            <text x={PAD.left - 6} y={y + 4} textAnchor="end" fontSize="11" fill="#4a5568">
              {t}
            </text>
          </g>
        );
      })}
      {data.map((d, i) => {
        const h = (d.value / max) * plotH;
        const x = PAD.left + i * step + step * 0.12;
        return (
          <g key={d.day}>
            <rect
              x={x}
              y={PAD.top + plotH - h}
              width={Math.max(1, step * 0.76)}
              height={h}
              rx="1.5"
              fill={color}
            />
            {i % every === 0 && (
              <text x={x + step * 0.38} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill="#4a5568">
                {dayLabel(d.day)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
