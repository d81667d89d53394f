import { z } from 'zod';
import { isCommonPassword } from '../../auth/common-passwords';
import { MIN_PASSWORD_LENGTH } from '../../contract/password-policy';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(
    z.email('Please enter a valid email address.').max(254, 'Email addresses are at most 254 characters.'),
  );

export const newPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Passwords need at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(200, 'Passwords are at most 200 characters.')
  .refine((p) => !isCommonPassword(p), 'This password is too common. Please choose another.');

const personName = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Please enter your ${label}.`)
    .max(80, `Your ${label} can be at most 80 characters.`);

export const signUpInput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('individual'),
    firstName: personName('first name'),
    lastName: personName('last name'),
    email: emailSchema,
    password: newPasswordSchema,
  }),
  z.object({
    kind: z.literal('organization'),
    orgName: z
      .string()
      .trim()
      .min(2, 'Please enter your organization’s name.')
      .max(120, 'Organization names can be at most 120 characters.'),
    email: emailSchema,
    password: newPasswordSchema,
  }),
]);
export type SignUpInput = z.infer<typeof signUpInput>;

export const resetPasswordInput = z.object({
  token: z.string().trim().min(10, 'This link is incomplete.').max(100),
  password: newPasswordSchema,
});

export const requestResetInput = z.object({ email: emailSchema });

export const setupInput = z.object({
  state: z.string().regex(/^[A-Z]{2}$/, 'Please choose your state.'),
  party: z.string().min(1, 'Please choose a party, or Independent.').max(60),
  position: z.string().max(80).optional(),
  interests: z.array(z.string().max(80)).max(12, 'Choose at most 12 interests.').default([]),
  bio: z.string().trim().max(500, 'Your introduction can be at most 500 characters.').optional(),
});
export type SetupInput = z.infer<typeof setupInput>;

export const credentialsInput = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Please enter your password.').max(200),
});
