/**
 * New sign-ups per month as a plain SVG bar chart: no chart library, readable by screen
 * readers through the table beside it (the SVG itself is decorative).
 */
export interface MonthCount {
  month: string;
  count: number;
}

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 16, right: 8, bottom: 28, left: 40 };

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });

export function SignupChart({ data }: { data: readonly MonthCount[] }) {
  const max = Math.max(1, ...data.map((d) => d.count));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const step = plotW / Math.max(1, data.length);
  const ticks = [0, Math.round(max / 2), max];
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
        const h = (d.count / max) * plotH;
        const x = PAD.left + i * step + step * 0.15;
        return (
          <g key={d.month}>
            <rect x={x} y={PAD.top + plotH - h} width={step * 0.7} height={h} rx="2" fill="#1f6feb" />
            <text x={x + step * 0.35} y={HEIGHT - 10} textAnchor="middle" fontSize="11" fill="#4a5568">
              {monthLabel(d.month)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
