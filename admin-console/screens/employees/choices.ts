import { STAFF_ROLES } from '../../../api/contract/permissions';

export const ROLE_CHOICES = STAFF_ROLES.map((role) => ({
  id: role,
  name: role
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' '),
}));
