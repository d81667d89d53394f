import LockOutlined from '@mui/icons-material/LockOutlined';
import { Box, Typography } from '@mui/material';
import { type Permission, permissionDisplayName } from '../../api/contract/permissions';

/** docs/product/spec.md §6: what a user without the screen's permission sees instead of it. */
export function AccessDenied({ permission }: { permission: Permission }) {
  return (
    <Box
      component="section"
      aria-labelledby="access-denied-title"
      sx={{ p: { xs: 2, sm: 4 }, maxWidth: 640 }}
    >
      <LockOutlined color="error" aria-hidden="true" sx={{ fontSize: 40 }} />
      <Typography id="access-denied-title" variant="h5" component="h1" gutterBottom>
        Access Denied
      </Typography>
      <Typography>{`You need the ${permissionDisplayName(permission)} permission to view this content.`}</Typography>
    </Box>
  );
}
