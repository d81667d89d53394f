import { DONATION_STATUS_LABELS, DONATION_STATUSES } from '../../../api/contract/donation-reports';

export const STATUS_CHOICES = DONATION_STATUSES.map((id) => ({ id, name: DONATION_STATUS_LABELS[id] }));
