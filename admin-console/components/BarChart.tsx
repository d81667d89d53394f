/**
 * A plain SVG bar chart for the console's series (sign-ups per month, analytics per day): no chart
 * library. The SVG is decorative; every screen shows the same figures in a table beside it.
 */
export interface Bar {
  key: string;
  value: number;
  /** Axis label under the bar; only every `labelEvery`-th one is drawn. */
  label: string;
}

interface BarChartProps {
  bars: readonly Bar[];
  color?: string;
  width?: number;
  height?: number;
  /** Draw every n-th label, so long series stay legible. Default: about six labels. */
  labelEvery?: number;
}

const PAD = { top: 14, right: 8, bottom: 28, left: 44 };

export function BarChart({ bars, color = '#1f6feb', width = 680, height = 210, labelEvery }: BarChartProps) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const plotW = width - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const step = plotW / Math.max(1, bars.length);
  const ticks = [...new Set([0, Math.round(max / 2), max])];
  const every = labelEvery ?? Math.max(1, Math.ceil(bars.length / 6));
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="presentation" aria-hidden="true">
      {ticks.map((t) => {
        const y = PAD.top + plotH - (t / max) * plotH;
        return (
          <g key={t}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y} y2={y} stroke="#d5dce6" />
            <text x={PAD.left - 6} y={y + 4} textAnchor="end" fontSize="11" fill="#4a5568">
              {t}
            </text>
          </g>
        );
      })}
      {bars.map((b, i) => {
        const h = (b.value / max) * plotH;
        const x = PAD.left + i * step + step * 0.12;
        return (
          <g key={b.key}>
            <rect
              x={x}
              y={PAD.top + plotH - h}
              width={Math.max(1, step * 0.76)}
              height={h}
              rx="2"
              fill={color}
            />
            {i % every === 0 && (
              <text x={x + step * 0.38} y={height - 9} textAnchor="middle" fontSize="11" fill="#4a5568">
                {b.label}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
