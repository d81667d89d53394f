import { useEffect, useRef } from 'react';

/** A random checkout key; randomUUID needs a secure context, so plain-http hosts get hex. */
function newCheckoutKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/**
 * One idempotency key per checkout attempt (docs/decisions/0016-checkout-guards.md): kept while the request stays
 * the same, so pressing the button again after a lost answer replays the order the server may
 * already have made instead of reserving the stock twice; any change to the request gets a new key.
 * Back from the payment page through the browser's cache: a new attempt, and the button works.
 */
export function useCheckoutAttempt(setBusy: (busy: boolean) => void): (request: unknown) => string {
  const attempt = useRef<{ request: string; key: string } | null>(null);
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      attempt.current = null;
      setBusy(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [setBusy]);
  return (request) => {
    const text = JSON.stringify(request);
    if (attempt.current?.request !== text) attempt.current = { request: text, key: newCheckoutKey() };
    return attempt.current.key;
  };
}
