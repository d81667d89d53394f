import { z } from 'zod';
import { COMMITTEE_TIME_ZONES, FEC_OFFICES, FEC_STATES } from '../../contract/fec-committee';
import { fecText } from './fec-text';

/**
 * The committee details form (/campaign-dashboard/committee), held to the FEC's format rules as
 * fecfile-validate's schemas state them (Contact_Committee, Contact_Candidate, F3; restated here,
 * docs/decisions/0090-fec-reports.md): a committee ID is C and 8 digits; a House or Senate
 * candidate's ID is H or S, a digit, the state's two letters and 5 digits; a House district is two
 * digits ("00" at large), a Senate race has none; names and addresses fit their fields once
 * transliterated to printable ASCII (street 34, city 30, committee name 200, treasurer's first
 * name 20 and last name 30).
 */

/** A text field measured as the file will carry it. */
const fecString = (label: string, max: number, optional = false) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      const value = v ?? '';
      if (!value) {
        if (!optional) ctx.addIssue({ code: 'custom', message: `Enter the ${label}.` });
        return null;
      }
      if (fecText(value).length > max) {
        ctx.addIssue({ code: 'custom', message: `The ${label} can be at most ${max} characters.` });
      }
      return value;
    });

const required = (label: string, max: number) => fecString(label, max).transform((v) => v ?? '');

const stateCode = (label: string) =>
  z
    .string({ error: `Choose the ${label}.` })
    .trim()
    .toUpperCase()
    .refine((v) => FEC_STATES.includes(v), `Choose the ${label}.`);

export const committeeInput = z
  .object({
    committeeId: z
      .string({ error: 'Enter the committee ID.' })
      .trim()
      .toUpperCase()
      .regex(/^C\d{8}$/, 'Enter the committee ID as C and 8 digits, like C00123456.'),
    committeeName: required('committee name', 200),
    street1: required('street address', 34),
    street2: fecString('second address line', 34, true),
    city: required('city', 30),
    state: stateCode('state of the committee’s address'),
    zip: z
      .string({ error: 'Enter the ZIP code.' })
      .trim()
      .regex(/^\d{5}(-?\d{4})?$/, 'Enter a 5-digit ZIP code or ZIP+4.')
      .transform((v) => v.replace('-', '')),
    candidateFecId: z
      .string({ error: 'Enter your FEC candidate ID.' })
      .trim()
      .toUpperCase()
      .regex(
        /^[HS]\d[A-Z]{2}\d{5}$/,
        'Enter your FEC candidate ID: H or S, a digit, your state’s two letters and 5 digits, like H6OH03123.',
      ),
    office: z.enum(FEC_OFFICES, { error: 'Choose House or Senate.' }),
    electionState: stateCode('state you are running in'),
    district: z.string().trim().optional(),
    treasurerFirstName: required('treasurer’s first name', 20),
    treasurerLastName: required('treasurer’s last name', 30),
    timeZone: z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || COMMITTEE_TIME_ZONES.some(([zone]) => zone === v), 'Choose a time zone.')
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (v.candidateFecId[0] !== v.office) {
      ctx.addIssue({
        code: 'custom',
        path: ['candidateFecId'],
        message: `A ${v.office === 'H' ? 'House' : 'Senate'} candidate’s FEC ID starts with ${v.office}.`,
      });
    } else if (v.candidateFecId.slice(2, 4) !== v.electionState) {
      ctx.addIssue({
        code: 'custom',
        path: ['candidateFecId'],
        message: `Your FEC candidate ID names ${v.candidateFecId.slice(2, 4)}, not ${v.electionState}: check the ID or the state.`,
      });
    }
    if (v.office === 'H' && !/^\d{2}$/.test(v.district ?? '')) {
      ctx.addIssue({
        code: 'custom',
        path: ['district'],
        message: 'Enter your district as two digits, like 03 (00 for an at-large seat).',
      });
    }
    if (v.office === 'S' && v.district) {
      ctx.addIssue({
        code: 'custom',
        path: ['district'],
        message: 'A Senate race has no district; leave it empty.',
      });
    }
  })
  .transform((v) => ({ ...v, district: v.office === 'H' ? (v.district ?? null) : null }));

export type CommitteeInput = z.infer<typeof committeeInput>;
