import type { CSSProperties } from 'react';
import { generatedAvatar } from '../../api/contract/avatars';

/**
 * A person's picture beside their name (so it says nothing the name does not: decorative). An
 * uploaded image is an `<img>`; a generated one (/media/avatars/JR-210.svg, api/contract/avatars.ts)
 * is drawn by CSS from its initials and hue instead: as an image, each distinct SVG is a document
 * of its own for the browser to build, and twenty of them were /search's longest tasks
 * (docs/decisions/0066-generated-avatars-drawn-by-css.md). The initials are generated content
 * (`data-initials`), as the image's were pixels.
 */
export function DecorativeAvatar({ src, className, size }: { src: string; className: string; size: number }) {
  const generated = generatedAvatar(src);
  if (!generated)
    return <img className={className} src={src} alt="" width={size} height={size} loading="lazy" />;
  // The colour inline: it is this avatar's own, and wins over a placeholder background of `className`.
  const style = {
    background: `hsl(${generated.hue} 55% 38%)`,
    '--avatar-size': `${size}px`,
  } as CSSProperties;
  return (
    <span
      className={`${className} avatar-initials`}
      data-initials={generated.initials}
      style={style}
      aria-hidden="true"
    />
  );
}
