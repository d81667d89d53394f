import { describe, expect, it } from 'vitest';
import { DEMO_COMMITTEE } from '../../seed/demo-committee';
import { committeeInput } from './committee-schema';

const good = {
  committeeId: 'c00123456',
  committeeName: 'Friends of Ana Núñez',
  street1: '1 Main St',
  city: 'Columbus',
  state: 'oh',
  zip: '43215-1234',
  candidateFecId: 'h6oh03123',
  office: 'H',
  electionState: 'OH',
  district: '03',
  treasurerFirstName: 'Teresa',
  treasurerLastName: 'Alvarez',
};

const errorsOf = (input: Record<string, string>) => {
  const parsed = committeeInput.safeParse(input);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('committee details, as the FEC formats them', () => {
  it('takes well-formed details, upper-casing IDs and states and joining ZIP+4', () => {
    const parsed = committeeInput.parse(good);
    expect(parsed).toMatchObject({
      committeeId: 'C00123456',
      candidateFecId: 'H6OH03123',
      state: 'OH',
      zip: '432151234',
      district: '03',
      street2: null,
      timeZone: null,
    });
  });

  it('refuses a committee ID that is not C and 8 digits', () => {
    for (const committeeId of ['C0012345', 'C001234567', 'P00123456', 'C0012345A', ''])
      expect(errorsOf({ ...good, committeeId }).committeeId).toMatch(/C and 8 digits/);
  });

  it("refuses a candidate ID of another office or state, or not in the FEC's shape", () => {
    expect(errorsOf({ ...good, candidateFecId: 'S6OH00123' }).candidateFecId).toMatch(/starts with H/);
    expect(errorsOf({ ...good, candidateFecId: 'H6PA03123' }).candidateFecId).toMatch(/names PA, not OH/);
    expect(errorsOf({ ...good, candidateFecId: 'H6OH0312' }).candidateFecId).toMatch(/H or S, a digit/);
  });

  it('wants two digits of district for the House and none for the Senate', () => {
    expect(errorsOf({ ...good, district: '3' }).district).toMatch(/two digits/);
    expect(errorsOf({ ...good, district: '' }).district).toMatch(/two digits/);
    expect(committeeInput.parse({ ...good, district: '00' }).district).toBe('00');
    const senate = { ...good, office: 'S', candidateFecId: 'S6OH00123' };
    expect(errorsOf({ ...senate, district: '03' }).district).toMatch(/no district/);
    expect(committeeInput.parse({ ...senate, district: '' }).district).toBeNull();
  });

  it("measures names and addresses as the file carries them (the FEC's lengths)", () => {
    expect(errorsOf({ ...good, street1: 'x'.repeat(35) }).street1).toMatch(/at most 34/);
    expect(errorsOf({ ...good, city: 'x'.repeat(31) }).city).toMatch(/at most 30/);
    expect(errorsOf({ ...good, treasurerFirstName: 'x'.repeat(21) }).treasurerFirstName).toMatch(
      /at most 20/,
    );
    expect(errorsOf({ ...good, treasurerLastName: 'x'.repeat(31) }).treasurerLastName).toMatch(/at most 30/);
    expect(errorsOf({ ...good, committeeName: '' }).committeeName).toMatch(/Enter the committee name/);
  });

  it('refuses unknown states, bad ZIP codes and zones that are not offered', () => {
    expect(errorsOf({ ...good, state: 'XX' }).state).toMatch(/Choose the state/);
    expect(errorsOf({ ...good, zip: '4321' }).zip).toMatch(/5-digit/);
    expect(errorsOf({ ...good, timeZone: 'Europe/Paris' }).timeZone).toMatch(/time zone/);
    expect(committeeInput.parse({ ...good, timeZone: 'America/Chicago' }).timeZone).toBe('America/Chicago');
  });

  it('holds the demo committee to the same rules', () => {
    expect(DEMO_COMMITTEE.committeeId).toMatch(/^C\d{8}$/);
    expect(DEMO_COMMITTEE.candidateFecId).toMatch(/^H\dOH\d{5}$/);
  });
});
