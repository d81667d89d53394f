import { describe, expect, it } from 'vitest';
import { centsFromDollars, giftFormFields, giveButtonLabel } from './donations';

describe('the donation form vocabulary', () => {
  it('reads typed dollars as cents and refuses what is not an amount', () => {
    expect(centsFromDollars('$1,000.50')).toBe(100_050);
    expect(centsFromDollars(' 50 ')).toBe(5_000);
    expect(centsFromDollars('50.123')).toBeNaN();
    expect(centsFromDollars('fifty')).toBeNaN();
  });

  it('says the cadence and the amount on the button, and neither before a cadence is chosen', () => {
    expect(giveButtonLabel('$50', 'once')).toBe('Give $50 once');
    expect(giveButtonLabel('$50', 'monthly')).toBe('Give $50 monthly');
    expect(giveButtonLabel('$50', null)).toBe('Give $50');
  });

  it('reads ticked boxes as true, absent ones as false, and empty employer and occupation as not given', () => {
    const fields = giftFormFields({
      frequency: 'once',
      firstName: 'Ana',
      acceptRules: 'on',
      employer: '',
      occupation: 'Teacher',
    });
    expect(fields).toMatchObject({
      designateGeneral: false,
      firstName: 'Ana',
      lastName: '',
      acceptRules: true,
      occupation: 'Teacher',
    });
    expect(fields.employer).toBeUndefined();
    expect(giftFormFields({ frequency: 'once' }).acceptRules).toBe(false);
  });
});
