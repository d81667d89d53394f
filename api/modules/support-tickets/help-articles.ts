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

export const HELP_ARTICLES: readonly HelpArticle[] = [
  {
    slug: 'where-is-my-order',
    section: 'Orders & shipping',
    title: 'Where is my order?',
    keywords: ['track', 'tracking', 'status', 'delivery', 'late', 'package', 'parcel'],
    paragraphs: [
      'Look your order up on Order status with the order number from your confirmation email (it starts with CHQ-) and the email address you ordered with. The page shows every step: paid, in production, shipped with its tracking number, and delivered.',
      'Signed in? Orders placed with your account are listed under your orders, so you do not need the number.',
      'If tracking has not moved for five business days, contact us below with your order number and we will chase the carrier.',
    ],
    links: [{ href: '/order-status', label: 'Order status' }],
  },
  {
    slug: 'shipping-costs-and-times',
    section: 'Orders & shipping',
    title: 'Shipping costs and delivery times',
    keywords: ['shipping', 'cost', 'price', 'expedited', 'overnight', 'free', 'states', 'international'],
    paragraphs: [
      'We ship to all 50 states and the District of Columbia. Standard shipping is $5.99 and free on orders over $75; Expedited is $14.99 and Overnight is $29.99, all with tracking.',
      'We do not ship outside the United States yet.',
    ],
    links: [{ href: '/shipping-options', label: 'Shipping options' }],
  },
  {
    slug: 'change-or-cancel-an-order',
    section: 'Orders & shipping',
    title: 'Changing or cancelling an order',
    keywords: ['cancel', 'change', 'address', 'size', 'mistake', 'wrong', 'coupon'],
    paragraphs: [
      'Items are printed to order, so we can only change the size, colour or address before production starts. Contact us below with your order number as soon as possible.',
      'Coupons: one per order, entered in the cart before you pay. We cannot add a coupon to an order that is already paid.',
    ],
    links: [{ href: '/cart', label: 'Your cart' }],
  },
  {
    slug: 'returns-and-refunds',
    section: 'Returns',
    title: 'Returning an item and getting a refund',
    keywords: ['return', 'refund', 'money back', 'exchange', 'label'],
    paragraphs: [
      'Request a return within 30 days of delivery on Order status, with your order number and email. Choose the items and tell us why; we email a return label.',
      'Once the items arrive we refund the card you paid with within 5 business days, and the order shows Refunded.',
    ],
    links: [
      { href: '/returns', label: 'Return policy' },
      { href: '/order-status', label: 'Order status' },
    ],
  },
  {
    slug: 'damaged-or-misprinted',
    section: 'Returns',
    title: 'A damaged or misprinted item',
    keywords: ['damaged', 'broken', 'misprint', 'defect', 'faulty', 'quality', 'replace'],
    paragraphs: [
      'Defects are always on us: we replace a damaged or misprinted item at no cost, including shipping. Contact us below with your order number and, if you can, a photo.',
    ],
    links: [{ href: '/quality-assurance', label: 'Quality assurance' }],
  },
  {
    slug: 'donation-limits',
    section: 'Donations & limits',
    title: 'How much can I give to a candidate?',
    keywords: [
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
    paragraphs: [
      'An individual may give up to $3,500 per candidate per election for the 2025–2026 cycle. The primary and the general are separate elections, so you may give up to $3,500 for each; monthly gifts count toward the same limit, and we stop any gift that would go over it.',
      'Once your total to a candidate in the cycle goes over $200, campaigns must report your employer and occupation, so we ask for both. Organization accounts cannot donate to candidates.',
    ],
    links: [{ href: '/faq', label: 'Donations in the FAQ' }],
  },
  {
    slug: 'donation-receipts-and-monthly-gifts',
    section: 'Donations & limits',
    title: 'Receipts, monthly gifts and refunds of donations',
    keywords: ['receipt', 'tax', 'recurring', 'monthly', 'stop', 'cancel', 'refund', 'donation'],
    paragraphs: [
      'Every gift is confirmed by email with its receipt reference (DON-… for a gift, REC-… for a monthly gift). Gifts to candidates are not tax-deductible.',
      'Stop a monthly gift with the cancel link in its confirmation email. For a refund or a missing receipt, contact us below and attach the receipt reference.',
    ],
    links: [],
  },
  {
    slug: 'membership-plans',
    section: 'Membership & billing',
    title: 'Membership plans and what they include',
    keywords: ['plan', 'price', 'upgrade', 'verified', 'badge', 'campaign pro', 'organizer', 'movement'],
    paragraphs: [
      'Candidates choose Free, Campaign ($29/month) or Campaign Pro ($99/month); activists and organizations choose Free, Organizer ($19/month) or Movement ($79/month). Paid plans add campaign dashboard analytics, a mass email quota, more job postings and a verified badge.',
    ],
    links: [{ href: '/membership', label: 'Compare plans' }],
  },
  {
    slug: 'cancel-membership-and-charges',
    section: 'Membership & billing',
    title: 'Cancelling a membership, and questions about a charge',
    keywords: ['cancel', 'charge', 'billing', 'invoice', 'renewal', 'payment', 'card', 'declined'],
    paragraphs: [
      'Paid plans renew every month. Cancel from Settings: you keep your paid features until the end of the period you paid for, then your account moves to Free.',
      'A charge you do not recognise? Contact us below with the date and amount and we will look into it.',
    ],
    links: [{ href: '/settings', label: 'Settings' }],
  },
  {
    slug: 'cannot-sign-in',
    section: 'Account & sign-in',
    title: "I can't sign in",
    keywords: [
      'password',
      'forgot',
      'reset',
      'login',
      'log in',
      'verification',
      'verify',
      'locked',
      'blocked',
    ],
    paragraphs: [
      'Check that you verified your email, then reset your password: we email a link that lets you choose a new one. Links expire for your safety, so use it soon.',
      'No verification email? Look in your spam folder, then sign in to request a new link. Several failed attempts pause sign-in for a few minutes.',
    ],
    links: [{ href: '/auth/reset-password', label: 'Reset your password' }],
  },
  {
    slug: 'change-account-details',
    section: 'Account & sign-in',
    title: 'Changing your email, name or password',
    keywords: ['email', 'name', 'password', 'profile', 'settings', 'update', 'delete account'],
    paragraphs: [
      'Change your email, name, password and which profile details others see in Settings. A new email address takes effect once you click the link we send to it.',
      'An unexpected sign-in alert? Change your password right away and contact us below.',
    ],
    links: [{ href: '/settings', label: 'Settings' }],
  },
  {
    slug: 'privacy-and-your-data',
    section: 'Privacy & safety',
    title: 'Your data and privacy',
    keywords: ['privacy', 'data', 'export', 'delete', 'gdpr', 'ccpa', 'sell', 'tracking', 'cookies'],
    paragraphs: [
      'We never sell personal data. Our analytics are first-party and honour Do Not Track and Global Privacy Control.',
      'Export your data or delete your account from Settings. For any other privacy request, contact us below with the topic "Privacy or my data".',
    ],
    links: [{ href: '/privacy-policy', label: 'Privacy Policy' }],
  },
  {
    slug: 'report-abuse',
    section: 'Privacy & safety',
    title: 'Reporting abuse and blocking members',
    keywords: ['report', 'block', 'harassment', 'spam', 'threat', 'abuse', 'safety'],
    paragraphs: [
      'Report a profile, message, job or post with the Report option next to it; our support and security teams review every report. Block a member to stop messages in both directions.',
      'Threats of violence or an emergency: call 911 first, then let us know.',
    ],
    links: [{ href: '/social-media', label: 'Community guidelines' }],
  },
];
