import { useState } from 'react';
import type { MembershipStatus } from '../../api/contract/membership';
import { useMutation } from '../lib/query-hooks/use-mutation';
import { messageOf, trpc } from '../lib/trpc';

export interface MembershipManageProps {
  status: MembershipStatus;
  tierName: string;
}

/**
 * Cancel at the period's end, or take the cancel back before it (docs/decisions/0024-membership.md). The page
 * reloads afterwards, so what it shows is the server's word.
 */
export default function MembershipManage({ status, tierName }: MembershipManageProps) {
  const [error, setError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (action: 'cancel' | 'resume') =>
      action === 'cancel' ? trpc.membership.cancel.mutate() : trpc.membership.resume.mutate(),
    retry: false,
    onSuccess: () => window.location.reload(),
    onError: (e) => setError(messageOf(e)),
  });
  const busy = change.isPending || change.isSuccess;
  return (
    <div className="membership-manage">
      {(status === 'active' || status === 'grace') && (
        <button type="button" className="button" disabled={busy} onClick={() => change.mutate('cancel')}>
          {status === 'grace' ? `Cancel ${tierName} now` : `Cancel ${tierName} at the end of the period`}
        </button>
      )}
      {status === 'cancelling' && (
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => change.mutate('resume')}
        >
          {`Resume ${tierName}`}
        </button>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
