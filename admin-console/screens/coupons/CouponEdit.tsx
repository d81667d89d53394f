import { Box } from '@mui/material';
import { Edit } from 'react-admin';
import { ScreenTitle } from '../../components/ScreenTitle';
import { CouponForm } from './CouponForm';

export default function CouponEdit() {
  return (
    <Box sx={{ pb: 4, maxWidth: 720 }}>
      <ScreenTitle title="Edit coupon" />
      <Edit resource="coupons" title=" " mutationMode="pessimistic" redirect="list">
        <CouponForm />
      </Edit>
    </Box>
  );
}
