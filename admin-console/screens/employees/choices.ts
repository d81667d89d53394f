import { STAFF_ROLES } from '../../../api/contract/permissions';

export const ROLE_CHOICES = STAFF_ROLES.map((role) => ({
  id: role,
  name: role
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' '),
}));

/** An employee's two-factor sign-in as the list and the edit screen show it. */
export const twoFactorLabel = (enrolled: boolean) => (enrolled ? 'Enrolled' : 'Not set up');
