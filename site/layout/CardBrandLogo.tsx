import type { JSX } from 'react';

/**
 * The accepted cards' logos in the footer, drawn inline (48 × 32). As `<img>`s of SVG files, each
 * was a document of its own for the browser to build on every page (docs/decisions/0066-generated-avatars-drawn-by-css.md).
 */
export const CARD_BRANDS = ['Visa', 'Mastercard', 'American Express', 'Discover'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** The card's face: a rounded 48 × 32 rectangle. */
const Face = ({ fill, stroke }: { fill: string; stroke?: string }) => (
  <rect width="48" height="32" rx="4" fill={fill} stroke={stroke} />
);

/** The brand's lettering, bold and centred on `x`. */
function Lettering({
  x = 24,
  y,
  size,
  fill = '#fff',
  italic = false,
  children,
}: {
  x?: number;
  y: number;
  size: number;
  fill?: string;
  italic?: boolean;
  children: string;
}) {
  return (
    <text
      x={x}
      y={y}
      fontFamily="Arial, Helvetica, sans-serif"
      fontSize={size}
      fontWeight="700"
      fontStyle={italic ? 'italic' : undefined}
      fill={fill}
      textAnchor="middle"
    >
      {children}
    </text>
  );
}

const DRAWINGS: Record<CardBrand, JSX.Element> = {
  Visa: (
    <>
      <Face fill="#1a1f71" />
      <Lettering y={21} size={13} italic>
        VISA
      </Lettering>
    </>
  ),
  Mastercard: (
    <>
      <Face fill="#252525" />
      <circle cx="19" cy="16" r="9" fill="#eb001b" />
      <circle cx="29" cy="16" r="9" fill="#f79e1b" />
      <path d="M24 8.4a9 9 0 0 1 0 15.2 9 9 0 0 1 0-15.2z" fill="#ff5f00" />
    </>
  ),
  'American Express': (
    <>
      <Face fill="#2e77bc" />
      <Lettering y={20} size={9}>
        AMEX
      </Lettering>
    </>
  ),
  Discover: (
    <>
      <Face fill="#fff" stroke="#d0d5dd" />
      <Lettering x={20} y={19} size={7} fill="#231f20">
        DISCOVER
      </Lettering>
      <circle cx="38" cy="16" r="4" fill="#f58220" />
    </>
  ),
};

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
      {DRAWINGS[brand]}
    </svg>
  );
}
