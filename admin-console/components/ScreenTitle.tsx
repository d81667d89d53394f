import { Typography } from '@mui/material';
import { Title } from 'react-admin';

/** A screen's heading: in the app bar (react-admin's Title) and as the page's h1. */
export function ScreenTitle({ title, intro }: { title: string; intro?: string }) {
  return (
    <>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mt: 2, mb: intro ? 0.5 : 2 }}>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
          {intro}
        </Typography>
      )}
    </>
  );
}
