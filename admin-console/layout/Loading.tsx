import { Box, CircularProgress, Typography } from '@mui/material';

/** docs/product/spec.md §2: the admin layout shows 'Loading...' while a page loads. */
export function Loading() {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 3 }}>
      <CircularProgress size={20} aria-hidden="true" />
      <Typography>Loading...</Typography>
    </Box>
  );
}

/** The whole-page variant, before the console's frame exists. */
export function LoadingPage() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Loading />
    </Box>
  );
}
