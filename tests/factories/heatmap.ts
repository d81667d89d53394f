import type { HeatmapData } from '../../api/modules/analytics/reports/heatmap';
import type { TestBrowser } from './test-app';

/** analytics.heatmapData as a browser calls it: the status and, on success, the data. */
export async function heatmap(browser: TestBrowser, input: Record<string, unknown>) {
  const res = await browser.trpc('analytics.heatmapData', input);
  const body = (await res.json()) as { result?: { data: { json: HeatmapData } } };
  return { status: res.status, data: body.result?.data.json };
}
