import { BarChart } from '../../components/BarChart';

export interface MonthCount {
  month: string;
  count: number;
}

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });

/** New sign-ups per month: one bar and one label a month. */
export function SignupChart({ data }: { data: readonly MonthCount[] }) {
  return (
    <BarChart
      bars={data.map((d) => ({ key: d.month, value: d.count, label: monthLabel(d.month) }))}
      width={640}
      height={220}
      labelEvery={1}
    />
  );
}
