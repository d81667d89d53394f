/** Contact details shared by the content pages, so every page quotes the same ones. */
export const SUPPORT_EMAIL = 'support@campaignhq.org';
export const PRESS_EMAIL = 'press@campaignhq.org';
export const CAREERS_EMAIL = 'careers@campaignhq.org';
export const AFFILIATES_EMAIL = 'affiliates@campaignhq.org';
export const PHONE_DISPLAY = '(202) 555-0147';
export const PHONE_HREF = 'tel:+12025550147';
export const SUPPORT_HOURS = 'Monday to Friday, 9 a.m. to 6 p.m. Eastern';
export const POLICY_EFFECTIVE_DATE = 'November 1, 2026';

export function MailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}

export function PhoneLink() {
  return <a href={PHONE_HREF}>{PHONE_DISPLAY}</a>;
}

/** The mailing address, as an address block. */
export function PostalAddress() {
  return (
    <address className="content-address">
      Campaign HQ
      <br />
      1200 New York Ave NW, Suite 400
      <br />
      Washington, DC 20005
    </address>
  );
}
