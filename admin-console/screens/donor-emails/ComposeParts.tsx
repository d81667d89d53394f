import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';

/** Preview (submits the compose form) and Send, which waits for a fresh preview with someone to send to. */
export function ComposeButtons(props: {
  busy: boolean;
  preview: { recipients: number } | null;
  sendLabel: string;
  onSend: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 2 }}>
      <Button type="submit" variant="outlined" disabled={props.busy}>
        Preview
      </Button>
      <Button
        variant="contained"
        disabled={props.busy || !props.preview || props.preview.recipients === 0}
        onClick={props.onSend}
      >
        {props.sendLabel}
      </Button>
    </Box>
  );
}

/** "Send this email?" with the count: sending cannot be undone. */
export function ConfirmSendDialog(props: {
  open: boolean;
  summary: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby="confirm-send-title">
      <DialogTitle id="confirm-send-title">Send this email?</DialogTitle>
      <DialogContent>
        <DialogContentText>{props.summary} Sending cannot be undone.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" onClick={props.onConfirm} disabled={props.busy}>
          Confirm and send
        </Button>
      </DialogActions>
    </Dialog>
  );
}
