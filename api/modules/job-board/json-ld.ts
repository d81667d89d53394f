import { slugOf } from '../../contract/person-names';
import type { JobView } from './views';

/**
 * schema.org JobPosting for search engines (Google's job posting structured data): the required
 * title, description, datePosted, hiringOrganization and jobLocation (or TELECOMMUTE with
 * applicantLocationRequirements for remote work), plus validThrough, employmentType and baseSalary.
 * The page embeds it with site/components/JsonLd.tsx, which escapes it for a <script> element.
 */

/** Our employment values (reference list `employment`) in Google's employmentType words. */
const EMPLOYMENT_TYPES: Record<string, string> = {
  full_time: 'FULL_TIME',
  part_time: 'PART_TIME',
  contract: 'CONTRACTOR',
  freelance: 'CONTRACTOR',
  temporary: 'TEMPORARY',
  seasonal: 'TEMPORARY',
  internship: 'INTERN',
  volunteer: 'VOLUNTEER',
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Google reads description as HTML: the member's plain text, escaped, one <p> per paragraph. */
function descriptionHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

export function jobPostingJsonLd(job: JobView, appUrl: string): Record<string, unknown> {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: descriptionHtml(job.description),
    identifier: { '@type': 'PropertyValue', name: job.organization, value: String(job.id) },
    url: `${appUrl}/jobs/${job.id}`,
    datePosted: job.postedAt.slice(0, 10),
    // Open through the whole closing day (api/modules/job-board/postings.ts closeExpiredPostings).
    validThrough: `${job.closesOn}T23:59:59Z`,
    employmentType: EMPLOYMENT_TYPES[job.employment] ?? 'OTHER',
    hiringOrganization: {
      '@type': 'Organization',
      name: job.organization,
      sameAs: `${appUrl}/profile/${slugOf(job.organization)}/${job.employerId}`,
    },
    jobLocation: {
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressRegion: job.state, addressCountry: 'US' },
    },
    directApply: true,
  };
  if (job.remote) {
    data.jobLocationType = 'TELECOMMUTE';
    data.applicantLocationRequirements = { '@type': 'Country', name: 'USA' };
  }
  if (job.payMinCents !== null && job.payMaxCents !== null) {
    data.baseSalary = {
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: {
        '@type': 'QuantitativeValue',
        minValue: job.payMinCents / 100,
        maxValue: job.payMaxCents / 100,
        unitText: job.payUnit,
      },
    };
  }
  return data;
}
