import { Alert } from '@mui/material';
import { adminInfoFailure } from '../providers/admin-info';
import { useStaffPermissions } from './RequirePermission';

/**
 * When the staff profile (admins.getAdminUserInfo) could not be loaded, the staff member stays
 * signed in without permissions (docs/product/spec.md §8) and is told why the console is empty.
 * Read once permissions have settled: getPermissions records the failure before it answers [].
 */
export function AdminInfoAlert() {
  const { isPending } = useStaffPermissions();
  const failure = isPending ? null : adminInfoFailure();
  if (!failure) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      {`Your staff permissions could not be loaded, so no screens are available: ${failure} Reload the page to try again.`}
    </Alert>
  );
}
