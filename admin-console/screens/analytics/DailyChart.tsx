import { BarChart } from '../../components/BarChart';

export interface DailyValue {
  day: string;
  value: number;
}

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A daily series, about six date labels whatever the range. */
export function DailyChart({ data, color }: { data: readonly DailyValue[]; color?: string }) {
  return (
    <BarChart
      bars={data.map((d) => ({ key: d.day, value: d.value, label: dayLabel(d.day) }))}
      color={color}
      width={720}
      height={200}
    />
  );
}
