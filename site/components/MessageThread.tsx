import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useMutation } from '../lib/query-hooks/use-mutation';
import { relativeAge } from '../lib/relative-age';
import { messageOf, trpc } from '../lib/trpc';
import { useReferenceOptions } from '../lib/use-reference-options';
import type { useThread } from '../lib/use-thread';

const MAX = 2000;

/** A conversation: older messages load as the top comes into view; the composer sits below. */
export function MessageThread({
  me,
  other,
  state,
}: {
  me: number;
  other: number;
  state: ReturnType<typeof useThread>;
}) {
  const { thread, messages, member, blockedByMe, send } = state;
  const queryClient = useQueryClient();
  const top = useRef<HTMLDivElement>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const composerId = useId();
  const newestId = messages[messages.length - 1]?.id;

  useEffect(() => {
    if (newestId) bottom.current?.scrollIntoView({ block: 'end' });
  }, [newestId]);

  useEffect(() => {
    const sentinel = top.current;
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && thread.hasNextPage && !thread.isFetchingNextPage) {
        void thread.fetchNextPage();
      }
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [thread]);

  const block = useMutation({
    mutationFn: async (): Promise<{ blocked: boolean }> =>
      blockedByMe
        ? trpc.messaging.unblock.mutate({ userId: other })
        : trpc.messaging.block.mutate({ userId: other }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['thread', other] }),
    onError: (e) => setError(messageOf(e)),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = body.trim();
    if (!text) return setError('Please write a message.');
    if (text.length > MAX)
      return setError(`Messages can be at most ${MAX.toLocaleString('en-US')} characters.`);
    setError(null);
    send.mutate(text, { onSuccess: () => setBody(''), onError: (e) => setError(messageOf(e)) });
  }

  const name = member?.name ?? 'this member';
  return (
    <section className="thread" aria-labelledby={`${composerId}-title`}>
      <header className="thread__head">
        <h2 id={`${composerId}-title`}>
          {member ? <a href={`/profile/member/${other}`}>{name}</a> : 'Conversation'}
        </h2>
        <button
          type="button"
          className="button button--small"
          onClick={() => block.mutate()}
          disabled={block.isPending}
        >
          {blockedByMe ? `Unblock ${name}` : `Block ${name}`}
        </button>
      </header>
      <div className="thread__messages">
        <div ref={top} />
        {thread.hasNextPage && (
          <button
            type="button"
            className="button button--small"
            onClick={() => thread.fetchNextPage()}
            disabled={thread.isFetchingNextPage}
          >
            Load older messages
          </button>
        )}
        {thread.isError && <p role="alert">{messageOf(thread.error)}</p>}
        <ol role="log" aria-live="polite" aria-label={`Messages with ${name}`}>
          {messages.map((m) => (
            <li
              key={m.id}
              className={`message${m.senderId === me ? ' message--mine' : ''}`}
              data-message-id={m.id}
            >
              <p className="message__body">{m.body}</p>
              <span className="message__meta">
                {relativeAge(m.createdAt)}
                {m.senderId === me && (
                  <span className="message__status">{m.readAt ? ' · Read' : ' · Sent'}</span>
                )}
              </span>
              {m.senderId !== me && <ReportMessage messageId={m.id} />}
            </li>
          ))}
        </ol>
        {messages.length === 0 && !thread.isPending && (
          <p className="thread__empty">No messages yet. Say hello!</p>
        )}
        <div ref={bottom} />
      </div>
      <form className="composer" onSubmit={onSubmit} noValidate>
        <label htmlFor={composerId}>Message</label>
        <textarea
          id={composerId}
          value={body}
          rows={3}
          onChange={(e) => setBody(e.target.value)}
          aria-invalid={error !== null}
          aria-describedby={`${composerId}-count${error ? ` ${composerId}-error` : ''}`}
        />
        <span
          id={`${composerId}-count`}
          className={`composer__count${body.length > MAX ? ' composer__count--over' : ''}`}
        >
          {body.length.toLocaleString('en-US')} / {MAX.toLocaleString('en-US')}
        </span>
        {error && (
          <p id={`${composerId}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={send.isPending}>
          Send
        </button>
      </form>
    </section>
  );
}

function ReportMessage({ messageId }: { messageId: number }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const options = useReferenceOptions();
  const id = useId();
  const report = useMutation({ mutationFn: () => trpc.messaging.report.mutate({ messageId, reason }) });
  if (report.isSuccess) return <span className="message__reported">Reported. Thank you.</span>;
  if (!open) {
    return (
      <button type="button" className="link-button message__report" onClick={() => setOpen(true)}>
        Report
      </button>
    );
  }
  return (
    <span className="message__report-form">
      <label htmlFor={id}>Reason</label>
      <select id={id} value={reason} onChange={(e) => setReason(e.target.value)}>
        <option value="">Choose…</option>
        {(options.data?.report ?? []).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button--small"
        disabled={!reason || report.isPending}
        onClick={() => report.mutate()}
      >
        Send report
      </button>
      {report.isError && <span role="alert">{messageOf(report.error)}</span>}
    </span>
  );
}
