/**
 * The money axis of the gifts chart: evenly spaced ticks in whole dollars from $0 to at least the
 * highest day, on steps of 1, 2, 2.5 or 5 × 10ⁿ dollars, at most four steps. Halving the highest
 * day gave "$1,062.50" beside "$2,125" (issue 42, item 7); round steps are whole and easy to read.
 */
const MAX_STEPS = 4;
const STEP_FACTORS = [1, 2, 2.5, 5];

/** Tick values in cents, from 0 up; the last is the axis's top. */
export function moneyTicks(maxCents: number): number[] {
  const maxDollars = Math.max(1, Math.ceil(maxCents / 100));
  const step = stepFor(maxDollars);
  const count = Math.ceil(maxDollars / step);
  return Array.from({ length: count + 1 }, (_, i) => i * step * 100);
}

function stepFor(maxDollars: number): number {
  for (let magnitude = 1; ; magnitude *= 10) {
    for (const factor of STEP_FACTORS) {
      const step = factor * magnitude;
      // 2.5 × 1 would be a step of cents.
      if (Number.isInteger(step) && maxDollars / step <= MAX_STEPS) return step;
    }
  }
}
