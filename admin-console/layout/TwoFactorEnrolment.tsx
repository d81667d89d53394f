import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { forgetAdminInfo } from '../providers/admin-info';
import { confirmEnrolment, startEnrolment } from '../providers/two-factor';

/** The secret in groups of four, as authenticator apps print it and people type it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * What a staff member sees in the console until their session has proven a second factor
 * (docs/decisions/0040-staff-two-factor-sign-in.md): set up an authenticator app with the secret
 * (shown once, as text and as its otpauth:// address: the console has no QR library), prove it
 * with a code, save the ten recovery codes, then the console opens.
 */
export function TwoFactorEnrolment() {
  const [secret, setSecret] = useState<{ secret: string; uri: string } | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const attempt = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const begin = () => attempt(async () => setSecret(await startEnrolment()));
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    return attempt(async () => setCodes((await confirmEnrolment(code)).recoveryCodes));
  };
  const openConsole = () => {
    forgetAdminInfo();
    window.location.assign('/admin');
  };

  return (
    <Card component="section" aria-labelledby="two-factor-title" sx={{ maxWidth: 720, my: 2 }}>
      <CardContent>
        <Typography id="two-factor-title" variant="h5" component="h1" gutterBottom>
          Set up two-factor sign-in
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {codes ? (
          <RecoveryCodes codes={codes} onDone={openConsole} />
        ) : secret ? (
          <Box component="form" onSubmit={confirm} aria-label="Confirm two-factor sign-in">
            <Typography component="ol" sx={{ pl: 3 }}>
              <li>Open an authenticator app on your phone and add an account with this secret key.</li>
              <li>Enter the 6-digit code the app shows, to prove it works.</li>
            </Typography>
            <Typography variant="subtitle2" component="h2" sx={{ mt: 2 }}>
              Secret key
            </Typography>
            <Typography data-testid="two-factor-secret" sx={{ fontFamily: 'monospace', fontSize: '1.2rem' }}>
              {grouped(secret.secret)}
            </Typography>
            <TextField
              label="Setup address (otpauth://)"
              value={secret.uri}
              fullWidth
              margin="normal"
              slotProps={{ htmlInput: { readOnly: true } }}
              helperText="Some apps take this address instead of the key. It is shown only now."
            />
            <TextField
              label="6-digit code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              required
              margin="normal"
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 7 } }}
            />
            <Box sx={{ mt: 1 }}>
              <Button type="submit" variant="contained" disabled={busy || code.trim().length < 6}>
                Turn on two-factor sign-in
              </Button>
            </Box>
          </Box>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>
              Staff accounts see donor data, refund money and block people, so a password alone is not enough.
              Before the console opens, connect an authenticator app (such as Google Authenticator, 1Password
              or Aegis); every sign-in will then ask for its 6-digit code.
            </Typography>
            <Button variant="contained" onClick={begin} disabled={busy}>
              Show my secret key
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <>
      <Alert severity="success" sx={{ mb: 2 }}>
        Two-factor sign-in is on.
      </Alert>
      <Typography variant="h6" component="h2">
        Save your recovery codes
      </Typography>
      <Typography sx={{ mb: 2 }}>
        If you lose your phone, each of these codes signs you in once. They are shown only now: print them or
        keep them in a password manager.
      </Typography>
      <Box
        component="ul"
        aria-label="Recovery codes"
        sx={{ fontFamily: 'monospace', fontSize: '1.1rem', columns: 2, listStyle: 'none', pl: 0 }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      <Button variant="contained" onClick={onDone}>
        I have saved them: open the console
      </Button>
    </>
  );
}
