import type { LayoutChoice } from '../lib/choose-layout';
import type { PageMeta } from '../server/page';

export interface DocumentProps {
  meta: PageMeta;
  canonicalUrl: string;
  imageUrl?: string;
  choice: LayoutChoice;
  stylesheets: string[];
  scripts: { entry: string; preloads: string[] } | null;
  /** The body's markup, rendered first: its islands decide which scripts the head links. */
  bodyHtml: string;
}

export function Document({
  meta,
  canonicalUrl,
  imageUrl,
  choice,
  stylesheets,
  scripts,
  bodyHtml,
}: DocumentProps) {
  const title = meta.title === 'Campaign HQ' ? meta.title : `${meta.title} · Campaign HQ`;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={meta.description} />
        <link rel="canonical" href={canonicalUrl} />
        {meta.noindex && <meta name="robots" content="noindex" />}
        <meta property="og:site_name" content="Campaign HQ" />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:url" content={canonicalUrl} />
        <meta property="og:type" content={meta.ogType ?? 'website'} />
        {imageUrl && <meta property="og:image" content={imageUrl} />}
        <meta name="theme-color" content="#0b2545" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {/* The entry preloads its page's chunks itself, after the stylesheet (site/client.ts). */}
        {scripts && (
          <script type="module" src={scripts.entry} data-chunks={scripts.preloads.join(' ') || undefined} />
        )}
      </head>
      <body
        data-layout={choice.layout}
        data-footer={choice.footer}
        data-logo={choice.logo}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server output for the body.
        dangerouslySetInnerHTML={{ __html: bodyHtml }}
      />
    </html>
  );
}
