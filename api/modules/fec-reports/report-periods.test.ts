import { describe, expect, it } from 'vitest';
import { federalElectionDay } from './calendar-days';
import { aggregationCycleStart, customPeriod, cycleSchedule, reportCovering } from './report-periods';

const rows = (s: ReturnType<typeof cycleSchedule>) => s.reports.map((r) => [r.key, r.from, r.through, r.due]);

describe('the reports of a House or Senate cycle (11 CFR 104.5(a))', () => {
  it("gives the FEC's published 2018 dates for an Ohio candidate (primary May 8, general Nov 6)", () => {
    const s = cycleSchedule({ primaryOn: '2018-05-08', generalOn: '2018-11-06' });
    expect(rows(s)).toEqual([
      ['2017-Q1', '2017-01-01', '2017-03-31', '2017-04-15'],
      ['2017-Q2', '2017-04-01', '2017-06-30', '2017-07-15'],
      ['2017-Q3', '2017-07-01', '2017-09-30', '2017-10-15'],
      ['2017-YE', '2017-10-01', '2017-12-31', '2018-01-31'],
      ['2018-Q1', '2018-01-01', '2018-03-31', '2018-04-15'],
      // Pre-primary: through the 20th day before, due the 12th day before.
      ['2018-12P', '2018-04-01', '2018-04-18', '2018-04-26'],
      ['2018-Q2', '2018-04-19', '2018-06-30', '2018-07-15'],
      ['2018-Q3', '2018-07-01', '2018-09-30', '2018-10-15'],
      // The FEC's 2018 notice: pre-general closes 10/17, due 10/25; post-general closes 11/26, due 12/06.
      ['2018-12G', '2018-10-01', '2018-10-17', '2018-10-25'],
      ['2018-30G', '2018-10-18', '2018-11-26', '2018-12-06'],
      ['2018-YE', '2018-11-27', '2018-12-31', '2019-01-31'],
    ]);
    expect(s.waived).toEqual([]);
    const pre = s.reports.find((r) => r.code === '12G')!;
    expect(pre).toMatchObject({ electionCode: 'G2018', electionDate: '2018-11-06' });
  });

  it('waives a quarterly when a pre-election report is due 5 to 15 days after its quarter closes', () => {
    // Primary July 21: the pre-primary is due July 9, 9 days after June 30. The July quarterly goes.
    const s = cycleSchedule({ primaryOn: '2026-07-21', generalOn: '2026-11-03' });
    expect(s.waived).toEqual([
      {
        key: '2026-Q2',
        name: 'July quarterly',
        through: '2026-06-30',
        due: '2026-07-15',
        coveredBy: '2026-12P',
      },
    ]);
    expect(rows(s).slice(4, 7)).toEqual([
      ['2026-Q1', '2026-01-01', '2026-03-31', '2026-04-15'],
      ['2026-12P', '2026-04-01', '2026-07-01', '2026-07-09'],
      ['2026-Q3', '2026-07-02', '2026-09-30', '2026-10-15'],
    ]);
  });

  it('keeps the quarterly when the pre-election report falls outside that window (due the 16th day after)', () => {
    // Primary July 28: pre-primary due July 16, the 16th day after June 30.
    const s = cycleSchedule({ primaryOn: '2026-07-28', generalOn: '2026-11-03' });
    expect(s.waived).toEqual([]);
    expect(rows(s).slice(5, 8)).toEqual([
      ['2026-Q2', '2026-04-01', '2026-06-30', '2026-07-15'],
      ['2026-12P', '2026-07-01', '2026-07-08', '2026-07-16'],
      ['2026-Q3', '2026-07-09', '2026-09-30', '2026-10-15'],
    ]);
    // And on the 5th day after: primary April 17, pre-primary due April 5: the April quarterly goes.
    const early = cycleSchedule({ primaryOn: '2026-04-17', generalOn: '2026-11-03' });
    expect(early.waived.map((w) => w.key)).toEqual(['2026-Q1']);
  });

  it('starts every period the day after the last closed, with no gap and no overlap', () => {
    for (const primaryOn of ['2026-03-03', '2026-05-05', '2026-06-02', '2026-08-04', '2026-09-15']) {
      const s = cycleSchedule({ primaryOn, generalOn: '2026-11-03' });
      expect(s.reports[0]!.from).toBe('2025-01-01');
      expect(s.reports.at(-1)!.through).toBe('2026-12-31');
      for (let i = 1; i < s.reports.length; i++) {
        const prev = new Date(`${s.reports[i - 1]!.through}T00:00:00Z`);
        prev.setUTCDate(prev.getUTCDate() + 1);
        expect(s.reports[i]!.from, primaryOn).toBe(prev.toISOString().slice(0, 10));
        expect(s.reports[i]!.from <= s.reports[i]!.through).toBe(true);
      }
    }
  });

  it('finds the report that carries a day, and files a custom range under it', () => {
    const s = cycleSchedule({ primaryOn: '2018-05-08', generalOn: '2018-11-06' });
    expect(reportCovering(s, '2018-04-10')?.key).toBe('2018-12P');
    expect(reportCovering(s, '2016-12-31')).toBeNull();
    const custom = customPeriod(s, '2018-02-01', '2018-02-28');
    expect(custom).toMatchObject({ code: 'Q1', from: '2018-02-01', through: '2018-02-28' });
    expect(customPeriod(s, '2018-03-01', '2018-02-01')).toBeNull();
  });
});

describe('election days and the aggregation cycle', () => {
  it('puts the federal general on the Tuesday after the first Monday of November', () => {
    expect(
      ['2018', '2020', '2022', '2024', '2026', '2028'].map((y) => federalElectionDay(Number(y))),
    ).toEqual(['2018-11-06', '2020-11-03', '2022-11-08', '2024-11-05', '2026-11-03', '2028-11-07']);
  });

  it('starts the cycle the day after the previous general for the seat: 2 years for the House, 6 for the Senate', () => {
    expect(aggregationCycleStart('2026-11-03', 'H')).toBe('2024-11-06');
    expect(aggregationCycleStart('2026-11-03', 'S')).toBe('2020-11-04');
  });
});
