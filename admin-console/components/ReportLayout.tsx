import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A report's headline figures (<Figure>s), in as many columns as fit. */
export function FigureGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      component="section"
      aria-label={label}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', mb: 3 }}
    >
      {children}
    </Box>
  );
}

/**
 * A report's detail: a titled card whose heading labels the section (and its table, through
 * `headingId`), with the download of the same figures as CSV beside the title.
 */
export function ReportCard({
  headingId,
  title,
  csvHref,
  children,
}: {
  headingId: string;
  title: string;
  /** The same figures as CSV, when the card has a download. */
  csvHref?: string;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography id={headingId} component="h2" variant="h6">
            {title}
          </Typography>
          {csvHref && (
            <Button size="small" startIcon={<DownloadIcon />} href={csvHref} download>
              Export CSV
            </Button>
          )}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}
