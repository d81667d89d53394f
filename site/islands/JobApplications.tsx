import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { APPLICATION_STATUS_LABELS, type MyApplicationView } from '../../api/contract/job-board';
import { ScrollingTable } from '../components/ScrollingTable';
import { useQuery } from '../lib/query-hooks/use-query';
import { onRealtime, type RealtimeKind } from '../lib/realtime-client';
import { trpc } from '../lib/trpc';

export interface JobApplicationsProps {
  userId: number;
  realtime: RealtimeKind;
  /** The list as the server rendered it (the page works without JavaScript). */
  initial: MyApplicationView[];
}

const dayText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * "My applications": every application and its status. An employer's move reaches this page as a
 * live 'notification' event (type 4, api/modules/job-board/applications.ts), and the list refetches,
 * so the new status shows without a reload.
 */
export default function JobApplications({ userId, realtime, initial }: JobApplicationsProps) {
  const queryClient = useQueryClient();
  const key = ['job-applications', userId];
  const query = useQuery({
    queryKey: key,
    queryFn: () => trpc.jobBoard.myApplications.query(),
    initialData: initial,
    // The server's list is fresh; later changes arrive as events.
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(
    () =>
      onRealtime(realtime, userId, (event) => {
        if (event === 'notification')
          void queryClient.invalidateQueries({ queryKey: ['job-applications', userId] });
      }),
    [queryClient, realtime, userId],
  );
  const applications = query.data;
  if (applications.length === 0) {
    return (
      <p role="status">
        You have not applied to a job yet. <a href="/jobs">Find one</a>.
      </p>
    );
  }
  return (
    <ScrollingTable caption="Your applications" className="data-table job-applications" captionHidden>
      <thead>
        <tr>
          <th scope="col">Job</th>
          <th scope="col">Organization</th>
          <th scope="col">Applied</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {applications.map((a) => (
          <tr key={a.id} data-testid={`application-${a.jobId}`}>
            <th scope="row">
              <a href={`/jobs/${a.jobId}`}>{a.jobTitle}</a>
              {a.jobOpen ? '' : ' (closed)'}
            </th>
            <td>{a.organization}</td>
            <td>{dayText(a.appliedAt)}</td>
            <td>
              <output aria-live="polite">{APPLICATION_STATUS_LABELS[a.status]}</output>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}
