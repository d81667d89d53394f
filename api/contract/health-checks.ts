/**
 * The built-in health checks behind /admin/tests (docs/product/rulings.md, "Other pages"). A check that
 * cannot run here is reported as 'skipped' with the reason, never as a pass.
 */
export type CheckStatus = 'pass' | 'fail' | 'skipped';

export interface CheckResult {
  name: string;
  status: CheckStatus;
  message: string;
  ms: number;
}
