/**
 * The console's calls to the twoFactor procedures (api/doors/trpc/routers/two-factor.ts), one POST per
 * call like the rest of the site. A refusal rejects with the server's message for the field.
 */
interface TrpcAnswer<T> {
  result?: { data: { json: T } };
  error?: {
    json: { message: string; data?: { zodError?: { fieldErrors?: Record<string, string[]> } | null } };
  };
}

async function call<T>(procedure: string, input?: unknown): Promise<T> {
  const response = await fetch(`/api/doors/trpc/twoFactor.${procedure}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(input === undefined ? {} : { json: input }),
  });
  const body = (await response.json().catch(() => ({}))) as TrpcAnswer<T>;
  if (body.result) return body.result.data.json;
  const fields = body.error?.json.data?.zodError?.fieldErrors ?? {};
  const first = Object.values(fields).flat()[0];
  throw new Error(first ?? body.error?.json.message ?? `Two-factor set-up failed (${response.status}).`);
}

export const startEnrolment = () => call<{ secret: string; uri: string }>('startEnrolment');
export const confirmEnrolment = (code: string) =>
  call<{ recoveryCodes: string[] }>('confirmEnrolment', { code });
