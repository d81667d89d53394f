import { Alert, Box, Paper, Typography } from '@mui/material';
import { DesignedPreview } from './DesignedPreview';

/** A preview as the mass email doors answer it (api/modules/mass-email/sends.ts: previewSend). */
export interface Preview {
  audience: string;
  recipients: number;
  suppressed: number;
  total: number;
  preview: {
    to: string;
    subject: string;
    text: string;
    html?: string;
    headers: Record<string, string>;
  } | null;
}

/** The count and the email as the first recipient reads it, footer and unsubscribe header included. */
export function EmailPreview({ preview, summary }: { preview: Preview; summary: string }) {
  return (
    <Box component="section" aria-labelledby="preview-heading" sx={{ mt: 3 }}>
      <Typography id="preview-heading" component="h2" variant="h6">
        Preview
      </Typography>
      <Alert severity={preview.recipients > 0 ? 'info' : 'warning'} sx={{ my: 1 }}>
        {summary}
      </Alert>
      {preview.preview ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="body2">
            <strong>To:</strong> {preview.preview.to}
          </Typography>
          <Typography variant="body2">
            <strong>Subject:</strong> {preview.preview.subject}
          </Typography>
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            <strong>List-Unsubscribe:</strong> {preview.preview.headers['List-Unsubscribe']}
          </Typography>
          {preview.preview.html ? (
            <DesignedPreview html={preview.preview.html} subject={preview.preview.subject} />
          ) : null}
          <Box
            component="pre"
            aria-label="Message as the first recipient reads it"
            sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit', mt: 2, mb: 0 }}
          >
            {preview.preview.text}
          </Box>
        </Paper>
      ) : (
        <Typography color="text.secondary">Nobody would receive this email.</Typography>
      )}
    </Box>
  );
}
