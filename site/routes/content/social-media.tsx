import { PageHero, Prose } from '../../components/PageHero';
import type { StaticPage } from '../../server/page';

const NETWORKS = [
  {
    name: 'LinkedIn',
    href: 'https://www.linkedin.com/company/campaignhq',
    handle: 'Campaign HQ',
    about: 'Company news, open roles and what campaign professionals are building on the platform.',
  },
  {
    name: 'X',
    href: 'https://x.com/campaignhq',
    handle: '@campaignhq',
    about: 'Product updates, service status and filing deadline reminders during election season.',
  },
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/campaignhq',
    handle: '@campaignhq',
    about: 'Merchandise at rallies and canvasses, and stories from the campaigns that use Campaign HQ.',
  },
  {
    name: 'Facebook',
    href: 'https://www.facebook.com/campaignhq',
    handle: 'Campaign HQ',
    about: 'Announcements, events and how-to guides for volunteers and first-time candidates.',
  },
  {
    name: 'TikTok',
    href: 'https://www.tiktok.com/@campaignhq',
    handle: '@campaignhq',
    about: 'Short tips on organizing, fundraising within the rules and getting out the vote.',
  },
];

export const socialMediaPage: StaticPage = {
  meta: {
    title: 'Social media',
    description:
      'Follow Campaign HQ on LinkedIn, X, Instagram, Facebook and TikTok, read our community guidelines, and share your own posts with fellow members.',
  },
  Body: () => (
    <>
      <PageHero
        eyebrow="Community"
        title="Social media"
        lead="Follow Campaign HQ where you already spend time, and share your campaign's story with the members who care about it."
      />
      <Prose>
        <section aria-labelledby="social-follow">
          <h2 id="social-follow">Follow Campaign HQ</h2>
          <ul>
            {NETWORKS.map((network) => (
              <li key={network.name}>
                <a href={network.href} rel="noopener noreferrer">
                  Campaign HQ on {network.name}
                </a>{' '}
                ({network.handle}): {network.about}
              </li>
            ))}
          </ul>
          <p>
            These are our only official accounts. We will never ask for your password or a payment in a direct
            message. If an account claims to be us and is not listed here, please report it to the network and
            let us know through the <a href="/contact">Help Center</a>.
          </p>
        </section>

        <section aria-labelledby="social-posts">
          <h2 id="social-posts">Post on Campaign HQ</h2>
          <p>
            Members can share updates right here: campaign news, event invitations, volunteer calls and
            thank-yous. <a href="/social-media/create-post">Write a post</a> with text and an optional image,
            and it appears on your profile for your followers. Mention another member to let them know; they
            receive a notification. Candidates' followers are also notified of their campaign updates.
          </p>
          <p>
            New here? <a href="/signup">Create an account</a> first, then find people to follow with{' '}
            <a href="/search">people search</a>.
          </p>
        </section>

        <section aria-labelledby="social-guidelines">
          <h2 id="social-guidelines">Community guidelines</h2>
          <p>
            Campaign HQ is open to every party. People here disagree about a lot, and that is the point. These
            guidelines apply to profiles, posts and messages on Campaign HQ and to conversations on our
            official accounts.
          </p>
          <h3>Do</h3>
          <ul>
            <li>Argue about ideas and records, not about people's identities.</li>
            <li>Share sources for factual claims, and correct mistakes openly.</li>
            <li>Say who you are and which campaign or organization you speak for.</li>
            <li>Respect people who ask not to be contacted.</li>
          </ul>
          <h3>Do not</h3>
          <ul>
            <li>Threaten, harass or encourage violence against anyone.</li>
            <li>Post hate speech or slurs targeting people for who they are.</li>
            <li>Spread false information about when, where or how to vote.</li>
            <li>Impersonate candidates, officials or other members.</li>
            <li>Post private information about someone without consent.</li>
            <li>Spam, or post paid promotion without saying it is paid.</li>
          </ul>
          <h3>How we enforce them</h3>
          <p>
            Use the Report option on any post, profile or message. Our support and security teams review every
            report and may remove content, limit an account or block it, applying the same rules whatever the
            politics involved. The full rules are in our <a href="/terms-of-service">Terms of Service</a>.
          </p>
        </section>
      </Prose>
    </>
  ),
};
