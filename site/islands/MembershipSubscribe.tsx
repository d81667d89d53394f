import { useState } from 'react';
import type { MembershipTier } from '../../api/contract/membership';
import { useMutation } from '../lib/query-hooks/use-mutation';
import { fieldErrorsOf, messageOf, trpc } from '../lib/trpc';

export interface MembershipSubscribeProps {
  tier: MembershipTier;
  tierName: string;
  /** "Subscribe" for a first tier, "Change to" while another paid tier is live. */
  label: string;
  /** The tier the visitor chose before signing in (/membership?tier=…): focused on load. */
  chosen: boolean;
}

/**
 * Subscribe to a paid tier (docs/decisions/0024-membership.md): membership.subscribe records a pending
 * subscription and answers the payment page, where the browser goes next.
 */
export default function MembershipSubscribe({ tier, tierName, label, chosen }: MembershipSubscribeProps) {
  const [error, setError] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => trpc.membership.subscribe.mutate({ tier }),
    retry: false,
    onSuccess: ({ payUrl }) => {
      window.location.assign(payUrl);
    },
    onError: (e) => setError(fieldErrorsOf(e)?.fieldErrors.tier?.[0] ?? messageOf(e)),
  });
  return (
    <div className="membership-subscribe">
      <button
        type="button"
        className="button button--primary"
        data-testid={`subscribe-${tier}`}
        // biome-ignore lint/a11y/noAutofocus: the member came back from sign-in to subscribe to this tier.
        autoFocus={chosen}
        disabled={start.isPending || start.isSuccess}
        onClick={() => start.mutate()}
      >
        {start.isPending || start.isSuccess ? 'Opening the payment page…' : `${label} ${tierName}`}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
