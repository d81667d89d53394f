import { Alert } from '@mui/material';
import { Link } from 'react-admin';
import { useHasPermission } from '../../layout/RequirePermission';

/**
 * The way into the support queue: the sidebar is fixed by docs/product/spec.md §2, so the console
 * home links it for those who may answer requests (MANAGE_SUPPORT_TICKETS).
 */
export function SupportQueueLink() {
  const allowed = useHasPermission('MANAGE_SUPPORT_TICKETS');
  if (!allowed) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      Requests from the Help Center are in <Link to="/support-tickets">Support tickets</Link>.
    </Alert>
  );
}
