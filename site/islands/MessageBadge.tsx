import { useEffect, useState } from 'react';
import { onRealtime, type RealtimeKind } from '../lib/realtime-client';

export interface MessageBadgeProps {
  userId: number;
  realtime: RealtimeKind;
  /** Unread messages when the page was rendered. */
  count: number;
}

/**
 * The header's messaging icon with its badge (seed section 4): 'new-message' adds 1,
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
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          d="M3.5 6.5h17v11h-17zM3.5 6.5l8.5 6.5 8.5-6.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
      <span className="visually-hidden">Messages</span>
      <span className="icon-link__badge" data-badge="messages" data-count={count} hidden={count === 0}>
        {count}
        <span className="visually-hidden"> unread</span>
      </span>
    </a>
  );
}
