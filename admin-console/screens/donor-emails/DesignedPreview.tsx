import { Box, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useState } from 'react';

/** The widths a reader's screen gives the email: a phone's 375 px and a desktop client's 720 px. */
const WIDTHS = { phone: 375, desktop: 720 } as const;
type Width = keyof typeof WIDTHS;

/**
 * The HTML part as it will be read, at a phone's width or a desktop's (docs/decisions/0099). The
 * HTML is the server's own rendering (React escapes every word written into it) and the frame
 * keeps the console's CSP (a srcdoc frame inherits it: no inline or foreign script runs). Not
 * sandboxed: a sandbox without scripts stops axe's checks inside the frame (measured: the console's
 * e2e hung in axe's run in the frame), and one with scripts and its origin is no sandbox at all.
 */
export function DesignedPreview({ html, subject }: { html: string; subject: string }) {
  const [width, setWidth] = useState<Width>('phone');
  return (
    <Box sx={{ mt: 2 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={width}
        aria-label="Preview width"
        onChange={(_, next: Width | null) => next && setWidth(next)}
      >
        <ToggleButton value="phone">Phone (375 px)</ToggleButton>
        <ToggleButton value="desktop">Desktop (720 px)</ToggleButton>
      </ToggleButtonGroup>
      <Box sx={{ mt: 1, maxWidth: '100%', overflowX: 'auto' }}>
        <Box
          component="iframe"
          title={`Email preview at ${WIDTHS[width]} px: ${subject}`}
          srcDoc={html}
          data-width={width}
          sx={{ width: WIDTHS[width], height: 640, border: 1, borderColor: 'divider', display: 'block' }}
        />
      </Box>
    </Box>
  );
}
