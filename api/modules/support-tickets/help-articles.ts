/**
 * The Help Center's articles (/contact), kept as data in the repo: they change with the product's
 * rules, in the same review as the code that enforces them (docs/decisions/0029-help-center-and-support-tickets.md). Numbers here are
 * the ones the FAQ and policy pages quote.
 */
export interface HelpArticle {
  slug: string;
  section: HelpSection;
  title: string;
  /** Words people type that the title and text may not contain. */
  keywords: readonly string[];
  paragraphs: readonly string[];
  links: readonly { href: string; label: string }[];
}

export const HELP_SECTIONS = [
  'Orders & shipping',
  'Returns',
  'Donations & limits',
  'Membership & billing',
  'Account & sign-in',
  'Privacy & safety',
] as const;
export type HelpSection = (typeof HELP_SECTIONS)[number];

/** One article as written below: slug, title, keywords, paragraphs, links as [href, label]. */
type ArticleRow = [
  slug: string,
  title: string,
  keywords: readonly string[],
  paragraphs: readonly string[],
  links: readonly (readonly [href: string, label: string])[],
];

const ARTICLES_BY_SECTION: Record<HelpSection, readonly ArticleRow[]> = {
  'Orders & shipping': [
    [
      'where-is-my-order',
      'Where is my order?',
      ['track', 'tracking', 'status', 'delivery', 'late', 'package', 'parcel'],
      [
        'Look your order up on Order status with the order number from your confirmation email (it starts with CHQ-) and the email address you ordered with. The page shows every step: paid, in production, shipped with its tracking number, and delivered.',
        'Signed in? Orders placed with your account are listed under your orders, so you do not need the number.',
        'If tracking has not moved for five business days, contact us below with your order number and we will chase the carrier.',
      ],
      [['/order-status', 'Order status']],
    ],
    [
      'shipping-costs-and-times',
      'Shipping costs and delivery times',
      ['shipping', 'cost', 'price', 'expedited', 'overnight', 'free', 'states', 'international'],
      [
        'We ship to all 50 states and the District of Columbia. Standard shipping is $5.99 and free on orders over $75; Expedited is $14.99 and Overnight is $29.99, all with tracking.',
        'We do not ship outside the United States yet.',
      ],
      [['/shipping-options', 'Shipping options']],
    ],
    [
      'change-or-cancel-an-order',
      'Changing or cancelling an order',
      ['cancel', 'change', 'address', 'size', 'mistake', 'wrong', 'coupon'],
      [
        'Items are printed to order, so we can only change the size, colour or address before production starts. Contact us below with your order number as soon as possible.',
        'Coupons: one per order, entered in the cart before you pay. We cannot add a coupon to an order that is already paid.',
      ],
      [['/cart', 'Your cart']],
    ],
  ],
  Returns: [
    [
      'returns-and-refunds',
      'Returning an item and getting a refund',
      ['return', 'refund', 'money back', 'exchange', 'label'],
      [
        'Request a return within 30 days of delivery on Order status, with your order number and email. Choose the items and tell us why; we email a return label.',
        'Once the items arrive we refund the card you paid with within 5 business days, and the order shows Refunded.',
      ],
      [
        ['/returns', 'Return policy'],
        ['/order-status', 'Order status'],
      ],
    ],
    [
      'damaged-or-misprinted',
      'A damaged or misprinted item',
      ['damaged', 'broken', 'misprint', 'defect', 'faulty', 'quality', 'replace'],
      [
        'Defects are always on us: we replace a damaged or misprinted item at no cost, including shipping. Contact us below with your order number and, if you can, a photo.',
      ],
      [['/quality-assurance', 'Quality assurance']],
    ],
  ],
  'Donations & limits': [
    [
      'donation-limits',
      'How much can I give to a candidate?',
      [
        'donation',
        'limit',
        'maximum',
        'fec',
        'primary',
        'general',
        'election',
        'refused',
        'donate',
        'contribution',
      ],
      [
        'An individual may give up to $3,500 per candidate per election for the 2025–2026 cycle. The primary and the general are separate elections, so you may give up to $3,500 for each; monthly gifts count toward the same limit, and we stop any gift that would go over it.',
        'Once your total to a candidate in the cycle goes over $200, campaigns must report your employer and occupation, so we ask for both. Organization accounts cannot donate to candidates.',
      ],
      [['/faq', 'Donations in the FAQ']],
    ],
    [
      'donation-receipts-and-monthly-gifts',
      'Receipts, monthly gifts and refunds of donations',
      ['receipt', 'tax', 'recurring', 'monthly', 'stop', 'cancel', 'refund', 'donation'],
      [
        'Every gift is confirmed by email with its receipt reference (DON-… for a gift, REC-… for a monthly gift). Gifts to candidates are not tax-deductible.',
        'Stop a monthly gift with the cancel link in its confirmation email. For a refund or a missing receipt, contact us below and attach the receipt reference.',
      ],
      [],
    ],
  ],
  'Membership & billing': [
    [
      'membership-plans',
      'Membership plans and what they include',
      ['plan', 'price', 'upgrade', 'verified', 'badge', 'campaign pro', 'organizer', 'movement'],
      [
        'Candidates choose Free, Campaign ($29/month) or Campaign Pro ($99/month); activists and organizations choose Free, Organizer ($19/month) or Movement ($79/month). Paid plans add campaign dashboard analytics, a mass email quota, more job postings and a verified badge.',
      ],
      [['/membership', 'Compare plans']],
    ],
    [
      'cancel-membership-and-charges',
      'Cancelling a membership, and questions about a charge',
      ['cancel', 'charge', 'billing', 'invoice', 'renewal', 'payment', 'card', 'declined'],
      [
        'Paid plans renew every month. Cancel from Settings: you keep your paid features until the end of the period you paid for, then your account moves to Free.',
        'A charge you do not recognise? Contact us below with the date and amount and we will look into it.',
      ],
      [['/settings', 'Settings']],
    ],
  ],
  'Account & sign-in': [
    [
      'cannot-sign-in',
      "I can't sign in",
      ['password', 'forgot', 'reset', 'login', 'log in', 'verification', 'verify', 'locked', 'blocked'],
      [
        'Check that you verified your email, then reset your password: we email a link that lets you choose a new one. Links expire for your safety, so use it soon.',
        'No verification email? Look in your spam folder, then sign in to request a new link. Several failed attempts pause sign-in for a few minutes.',
      ],
      [['/auth/reset-password', 'Reset your password']],
    ],
    [
      'change-account-details',
      'Changing your email, name or password',
      ['email', 'name', 'password', 'profile', 'settings', 'update', 'delete account'],
      [
        'Change your email, name, password and which profile details others see in Settings. A new email address takes effect once you click the link we send to it.',
        'An unexpected sign-in alert? Change your password right away and contact us below.',
      ],
      [['/settings', 'Settings']],
    ],
  ],
  'Privacy & safety': [
    [
      'privacy-and-your-data',
      'Your data and privacy',
      ['privacy', 'data', 'export', 'delete', 'gdpr', 'ccpa', 'sell', 'tracking', 'cookies'],
      [
        'We never sell personal data. Our analytics are first-party and honour Do Not Track and Global Privacy Control.',
        'Export your data or delete your account from Settings. For any other privacy request, contact us below with the topic "Privacy or my data".',
      ],
      [['/privacy-policy', 'Privacy Policy']],
    ],
    [
      'report-abuse',
      'Reporting abuse and blocking members',
      ['report', 'block', 'harassment', 'spam', 'threat', 'abuse', 'safety'],
      [
        'Report a profile, message, job or post with the Report option next to it; our support and security teams review every report. Block a member to stop messages in both directions.',
        'Threats of violence or an emergency: call 911 first, then let us know.',
      ],
      [['/social-media', 'Community guidelines']],
    ],
  ],
};

export const HELP_ARTICLES: readonly HelpArticle[] = HELP_SECTIONS.flatMap((section) =>
  ARTICLES_BY_SECTION[section].map(([slug, title, keywords, paragraphs, links]) => ({
    slug,
    section,
    title,
    keywords,
    paragraphs,
    links: links.map(([href, label]) => ({ href, label })),
  })),
);
