/**
 * The accepted cards' logos in the footer, drawn inline (48 × 32). As `<img>`s of SVG files, each
 * was a document of its own for the browser to build on every page (docs/decisions/0066-generated-avatars-drawn-by-css.md).
 */
export const CARD_BRANDS = ['Visa', 'Mastercard', 'American Express', 'Discover'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

const LABEL_FONT = 'Arial, Helvetica, sans-serif';

function Drawing({ brand }: { brand: CardBrand }) {
  switch (brand) {
    case 'Visa':
      return (
        <>
          <rect width="48" height="32" rx="4" fill="#1a1f71" />
          <text
            x="24"
            y="21"
            fontFamily={LABEL_FONT}
            fontSize="13"
            fontWeight="700"
            fontStyle="italic"
            fill="#fff"
            textAnchor="middle"
          >
            VISA
          </text>
        </>
      );
    case 'Mastercard':
      return (
        <>
          <rect width="48" height="32" rx="4" fill="#252525" />
          <circle cx="19" cy="16" r="9" fill="#eb001b" />
          <circle cx="29" cy="16" r="9" fill="#f79e1b" />
          <path d="M24 8.4a9 9 0 0 1 0 15.2 9 9 0 0 1 0-15.2z" fill="#ff5f00" />
        </>
      );
    case 'American Express':
      return (
        <>
          <rect width="48" height="32" rx="4" fill="#2e77bc" />
          <text
            x="24"
            y="20"
            fontFamily={LABEL_FONT}
            fontSize="9"
            fontWeight="700"
            fill="#fff"
            textAnchor="middle"
          >
            AMEX
          </text>
        </>
      );
    case 'Discover':
      return (
        <>
          <rect width="48" height="32" rx="4" fill="#fff" stroke="#d0d5dd" />
          <text
            x="20"
            y="19"
            fontFamily={LABEL_FONT}
            fontSize="7"
            fontWeight="700"
            fill="#231f20"
            textAnchor="middle"
          >
            DISCOVER
          </text>
          <circle cx="38" cy="16" r="4" fill="#f58220" />
        </>
      );
  }
}

/** One card's logo, named for assistive technology by its brand. */
export function CardBrandLogo({ brand }: { brand: CardBrand }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 48 32"
      width="48"
      height="32"
      role="img"
      aria-label={brand}
    >
      <Drawing brand={brand} />
    </svg>
  );
}
