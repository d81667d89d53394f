import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '../../../api/contract/order-statuses';

export const STATUS_CHOICES = ORDER_STATUSES.map((id) => ({ id, name: ORDER_STATUS_LABELS[id] }));
