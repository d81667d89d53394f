import { useEffect, useState } from 'react';
import { IconWithBadge } from '../components/IconWithBadge';
import { onRealtime, type RealtimeKind } from '../lib/realtime-client';

export interface MessageBadgeProps {
  userId: number;
  realtime: RealtimeKind;
  /** Unread messages when the page was rendered. */
  count: number;
}

/**
 * The header's messaging icon with its badge (docs/product/spec.md §4): 'new-message' adds 1,
 * 'read-message' subtracts 1, never below 0; hidden at 0.
 */
export default function MessageBadge({ userId, realtime, count: initial }: MessageBadgeProps) {
  const [count, setCount] = useState(initial);
  useEffect(
    () =>
      onRealtime(realtime, userId, (event) => {
        if (event === 'new-message') setCount((n) => n + 1);
        if (event === 'read-message') setCount((n) => Math.max(0, n - 1));
      }),
    [realtime, userId],
  );
  return (
    <a href="/messaging" className="icon-link">
      <IconWithBadge icon="envelope" label="Messages" badge="messages" count={count} />
    </a>
  );
}
