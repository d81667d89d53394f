import { z } from 'zod';
import { PROFILE_ATTRIBUTES, VISIBILITIES } from '../../contract/profile-attributes';
import { emailSchema, newPasswordSchema } from '../accounts/schema';
import { rowId } from '../bounds';
import { BOX_RESULT_LIMIT, MAX_RESULT_LIMIT } from './search';

/** Empty form fields and nulls both mean "not set". */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || undefined);

export const roleCode = z.coerce.number().int().min(1).max(5);

/** users.searchUsersByName (docs/product/spec.md §7): query, state, role, currentUserId (ignored: the session decides). */
export const searchUsersInput = z.object({
  query: z.string().max(100, 'Search for at most 100 characters.'),
  state: optionalText(2),
  // 0 (like an empty choice or null) means "any role": the client sends it when no role is picked.
  role: z
    .union([z.literal(0), z.literal('0'), z.literal(''), roleCode])
    .nullish()
    .transform((v) => (v === '' || v === '0' || v === 0 || v == null ? undefined : v)),
  currentUserId: z.number().int().nullish(),
  limit: z.number().int().min(1).max(MAX_RESULT_LIMIT).default(BOX_RESULT_LIMIT),
});
export type SearchUsersInput = z.infer<typeof searchUsersInput>;

export const PEOPLE_PAGE_SIZE = 20;

/** /search's query string: everything optional, unknown keys ignored, so shared URLs never break. */
export const advancedSearchParams = z.object({
  q: z.string().max(100).catch(''),
  state: optionalText(2).catch(undefined),
  role: roleCode.optional().catch(undefined),
  party: optionalText(60).catch(undefined),
  position: optionalText(80).catch(undefined),
  /** One more attribute filter as `key:value`, e.g. `language:spanish`. */
  more: z
    .string()
    .regex(/^[a-z]+:[a-z0-9_+-]+$/)
    .optional()
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(500).catch(1),
});
export type AdvancedSearchParams = z.infer<typeof advancedSearchParams>;

const personName = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Please enter your ${label}.`)
    .max(80, `Your ${label} can be at most 80 characters.`);

/** Names as the settings page edits them; which ones apply depends on the account kind. */
export const namesInput = z.object({
  firstName: personName('first name').optional(),
  lastName: personName('last name').optional(),
  orgName: z
    .string()
    .trim()
    .min(2, 'Please enter your organization’s name.')
    .max(120, 'Organization names can be at most 120 characters.')
    .optional(),
});
export type NamesInput = z.infer<typeof namesInput>;

const attributeKeys = PROFILE_ATTRIBUTES.map((a) => a.key);

/** /myprofile's editable part: introduction and attributes (values checked against the lists by the service). */
export const profileInput = z.object({
  bio: z.string().trim().max(500, 'Your introduction can be at most 500 characters.').default(''),
  attributes: z
    .record(
      z.string(),
      z.union([z.string().max(80), z.array(z.string().max(80)).max(12, 'Choose at most 12.')]),
    )
    .refine((r) => Object.keys(r).every((k) => attributeKeys.includes(k)), 'Unknown attribute.')
    .default({}),
});
export type ProfileInput = z.infer<typeof profileInput>;

export const visibilityInput = z
  .record(z.string(), z.enum(VISIBILITIES as [string, ...string[]]))
  .refine((r) => Object.keys(r).every((k) => attributeKeys.includes(k)), 'Unknown attribute.');

export const emailChangeInput = z.object({
  newEmail: emailSchema,
  password: z.string().min(1, 'Please enter your current password.').max(200),
});

export const passwordChangeInput = z
  .object({
    currentPassword: z.string().min(1, 'Please enter your current password.').max(200),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().max(200),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two new passwords do not match.',
  });

export const notificationPreferencesInput = z.record(z.string().regex(/^([1-9]|1[01])$/), z.boolean());

export const deleteAccountInput = z.object({
  confirmEmail: z.string().trim().toLowerCase().max(254),
  password: z.string().min(1, 'Please enter your password.').max(200),
});

export const followInput = z.object({ userId: rowId });
