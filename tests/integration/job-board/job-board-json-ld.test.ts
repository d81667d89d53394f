import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aJobBoardMember, dayFromToday, insertPosting } from '../../factories/job-board';
import { createTestApp, type TestApp } from '../../factories/test-app';

/**
 * A posting's page carries schema.org JobPosting JSON-LD that search engines accept (Google's
 * required and recommended properties), and a member's text cannot break out of its script element.
 */
let t: TestApp;
let employerId: number;

const GOOGLE_EMPLOYMENT_TYPES = [
  'FULL_TIME',
  'PART_TIME',
  'CONTRACTOR',
  'TEMPORARY',
  'INTERN',
  'VOLUNTEER',
  'PER_DIEM',
  'OTHER',
];

beforeAll(async () => {
  t = await createTestApp();
  employerId = (await aJobBoardMember(t.db, 'organization')).id;
}, 120_000);
afterAll(() => t?.close());

/** The page's JSON-LD blocks, parsed, and the raw page. */
async function jsonLdOf(jobId: number) {
  const res = await t.app.request(`/jobs/${jobId}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => m[1] ?? '',
  );
  // biome-ignore lint/suspicious/noExplicitAny: parsed JSON, checked property by property below.
  return { html, blocks, data: blocks.map((b) => JSON.parse(b) as Record<string, any>) };
}

describe('JobPosting JSON-LD', () => {
  it('has every property Google requires, in the shapes it accepts', async () => {
    const jobId = await insertPosting(t.db, employerId, {
      title: 'Field Organizer',
      organization: 'Citizens for Testing',
      closes_on: dayFromToday(20),
      description: 'First paragraph.\n\nSecond paragraph with <b>markup</b> & an ampersand.',
    });
    const { data } = await jsonLdOf(jobId);
    expect(data).toHaveLength(1);
    const ld = data[0]!;
    expect(ld['@context']).toBe('https://schema.org/');
    expect(ld['@type']).toBe('JobPosting');
    expect(ld.title).toBe('Field Organizer');
    expect(ld.description).toBe(
      '<p>First paragraph.</p><p>Second paragraph with &lt;b&gt;markup&lt;/b&gt; &amp; an ampersand.</p>',
    );
    expect(ld.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(ld.validThrough).toBe(`${dayFromToday(20)}T23:59:59Z`);
    expect(Date.parse(ld.validThrough)).toBeGreaterThan(Date.parse(ld.datePosted));
    expect(GOOGLE_EMPLOYMENT_TYPES).toContain(ld.employmentType);
    expect(ld.employmentType).toBe('FULL_TIME');
    expect(ld.hiringOrganization).toMatchObject({ '@type': 'Organization', name: 'Citizens for Testing' });
    expect(ld.hiringOrganization.sameAs).toBe(
      `http://localhost:3000/profile/citizens-for-testing/${employerId}`,
    );
    expect(ld.jobLocation).toEqual({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressRegion: 'PA', addressCountry: 'US' },
    });
    expect(ld.jobLocationType).toBeUndefined();
    expect(ld.identifier).toEqual({
      '@type': 'PropertyValue',
      name: 'Citizens for Testing',
      value: String(jobId),
    });
    expect(ld.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', minValue: 45000, maxValue: 55000, unitText: 'YEAR' },
    });
  });

  it('marks remote work TELECOMMUTE with a location requirement; a volunteer role has no salary', async () => {
    const jobId = await insertPosting(t.db, employerId, {
      remote: true,
      employment: 'volunteer',
      pay_min_cents: null,
      pay_max_cents: null,
    });
    const ld = (await jsonLdOf(jobId)).data[0]!;
    expect(ld.jobLocationType).toBe('TELECOMMUTE');
    expect(ld.applicantLocationRequirements).toEqual({ '@type': 'Country', name: 'USA' });
    expect(ld.employmentType).toBe('VOLUNTEER');
    expect(ld.baseSalary).toBeUndefined();
  });

  it('escapes a title that tries to close the script element, and the JSON still reads back the same', async () => {
    const title = 'Organizer </script><script>alert(1)</script> <!-- & more';
    const jobId = await insertPosting(t.db, employerId, { title });
    const { blocks, data, html } = await jsonLdOf(jobId);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).not.toMatch(/<|>|&/);
    expect(data[0]!.title).toBe(title);
    expect(html).not.toContain('<script>alert(1)</script>');
  });

  it('is left out once the posting is closed (search engines drop expired jobs)', async () => {
    const jobId = await insertPosting(t.db, employerId, { status: 'closed' });
    const { blocks, html } = await jsonLdOf(jobId);
    expect(blocks).toHaveLength(0);
    expect(html).toContain('This posting is closed.');
  });
});
