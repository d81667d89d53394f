import type { JobView } from '../../../api/modules/job-board/views';
import type { OptionLabeler } from '../../lib/option-labels';
import { dayText, payText } from './job-format';

/** One posting in a list: title (the link), who, where, what, pay and closing day. */
export function JobCard({ job, label }: { job: JobView; label: OptionLabeler }) {
  return (
    <li className="job-card">
      <h3 className="job-card__title">
        <a href={`/jobs/${job.id}`}>{job.title}</a>
      </h3>
      <p className="job-card__org">{job.organization}</p>
      <ul className="job-card__facts" aria-label="Details">
        <li>
          {label('states', job.state)}
          {job.remote ? ' · Remote' : ''}
        </li>
        <li>{label('jobtype', job.jobtype)}</li>
        <li>{label('employment', job.employment)}</li>
        <li>{payText(job)}</li>
      </ul>
      <p className="job-card__closes">{job.open ? `Closes ${dayText(job.closesOn)}` : 'Closed'}</p>
    </li>
  );
}
