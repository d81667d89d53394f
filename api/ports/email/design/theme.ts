/**
 * The brand's look in email (site/styles/base.css's colours and type), as inline-style values:
 * mail clients drop stylesheets and CSS variables, so every template styles its elements inline.
 */
export const EMAIL_THEME = {
  brandName: 'Campaign HQ',
  navy: '#0b2545',
  link: '#1d4e89',
  red: '#c8102e',
  ink: '#14213d',
  muted: '#4a5568',
  line: '#d9dee7',
  cream: '#f7f4ee',
  white: '#ffffff',
  font: '"Inter", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
  /** The content column: wide enough for desktop clients, and it shrinks to a phone's width. */
  width: 600,
} as const;
