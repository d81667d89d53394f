import { Box, Typography } from '@mui/material';
import { useLocation } from 'react-router-dom';
import { screenForPath } from '../../../api/contract/console-screens';
import { ScreenTitle } from '../../components/ScreenTitle';

/** Console screens of docs/product/spec.md §2 whose data arrives with later issues (shop, donations, campaigns, affiliates). */
export default function ComingSoon() {
  const screen = screenForPath(`/admin${useLocation().pathname}`);
  return (
    <Box sx={{ pb: 4, maxWidth: 720 }}>
      <ScreenTitle title={screen?.label ?? 'Coming soon'} />
      <Typography variant="h6" component="p" gutterBottom>
        Coming soon
      </Typography>
      <Typography color="text.secondary">
        This screen arrives together with the part of Campaign HQ it reports on. Until then there is nothing
        to show here yet.
      </Typography>
    </Box>
  );
}
