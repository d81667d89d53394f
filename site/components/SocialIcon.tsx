/** Monochrome glyphs for the five networks in the footer (docs/product/spec.md §2). */
export type SocialNetwork = 'LinkedIn' | 'X' | 'Instagram' | 'Facebook' | 'TikTok';

const PATHS: Record<SocialNetwork, string> = {
  LinkedIn:
    'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.75h4V21H3zM9.5 9.75h3.8v1.6h.05c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.78 2.65 4.78 6.1V21h-4v-4.9c0-1.17-.02-2.68-1.63-2.68-1.64 0-1.89 1.28-1.89 2.6V21h-4z',
  X: 'M17.75 3h3.07l-6.72 7.68L22 21h-6.19l-4.85-6.34L5.4 21H2.33l7.19-8.21L2 3h6.34l4.38 5.8zm-1.08 16.2h1.7L7.4 4.73H5.58z',
  Instagram:
    'M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm6-7.9a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0zM12 3c-2.45 0-2.75 0-3.71.05C5.4 3.2 3.2 5.4 3.05 8.29 3 9.25 3 9.55 3 12s0 2.75.05 3.71c.15 2.9 2.35 5.1 5.24 5.24.96.05 1.26.05 3.71.05s2.75 0 3.71-.05c2.89-.14 5.1-2.35 5.24-5.24.05-.96.05-1.26.05-3.71s0-2.75-.05-3.71C20.8 5.4 18.6 3.2 15.71 3.05 14.75 3 14.45 3 12 3z',
  Facebook:
    'M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.87.24-1.46 1.49-1.46H16.6V4.47A21 21 0 0 0 14.3 4.3c-2.28 0-3.84 1.39-3.84 3.95v2.25H7.9v3h2.56V21z',
  TikTok:
    'M16.6 3c.3 2.2 1.6 3.6 3.9 3.8v2.6a6.6 6.6 0 0 1-3.8-1.2v5.6c0 3.5-2.4 5.7-5.6 5.7a5.6 5.6 0 0 1-.9-11.1v2.7a2.9 2.9 0 1 0 2 2.8V3z',
};

export function SocialIcon({ network }: { network: SocialNetwork }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={PATHS[network]} fill="currentColor" />
    </svg>
  );
}
