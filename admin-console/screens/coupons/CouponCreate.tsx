import { Box } from '@mui/material';
import { Create } from 'react-admin';
import { ScreenTitle } from '../../components/ScreenTitle';
import { CouponForm } from './CouponForm';

export default function CouponCreate() {
  return (
    <Box sx={{ pb: 4, maxWidth: 720 }}>
      <ScreenTitle title="New coupon" />
      <Create resource="coupons" title=" " redirect="list">
        <CouponForm />
      </Create>
    </Box>
  );
}
