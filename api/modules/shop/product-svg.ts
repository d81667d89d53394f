/**
 * Product images drawn locally: a silhouette per product shape in the variant's colour, on a soft
 * backdrop, with the campaign star. No network, no files: /merchandise/images/{slug}.svg?color=hex.
 */
const SHAPES: Record<string, (fill: string, ink: string) => string> = {
  tshirt: (f, i) =>
    `<path d="M70 40 L100 28 Q120 44 140 28 L170 40 L200 75 L175 95 L162 85 L162 205 L78 205 L78 85 L65 95 L40 75 Z" fill="${f}" stroke="#0002" stroke-width="2"/><text x="120" y="130" font-size="18" font-weight="700" text-anchor="middle" fill="${i}" font-family="Arial, sans-serif">VOTE</text>${star(120, 158, 14, i)}`,
  cap: (f, i) =>
    `<path d="M55 150 Q55 70 120 65 Q185 70 185 150 Z" fill="${f}" stroke="#0002" stroke-width="2"/><path d="M45 150 Q120 135 215 160 Q200 178 120 168 Q70 165 45 150 Z" fill="${f}" stroke="#0003" stroke-width="2"/>${star(120, 115, 18, i)}`,
  mug: (f, i) =>
    `<rect x="60" y="60" width="100" height="130" rx="10" fill="${f}" stroke="#0002" stroke-width="2"/><path d="M160 90 Q200 90 200 125 Q200 160 160 160" fill="none" stroke="${f}" stroke-width="14"/>${star(110, 125, 22, i)}`,
  sign: (f, i) =>
    `<rect x="40" y="45" width="160" height="110" rx="4" fill="${f}" stroke="#0002" stroke-width="2"/><path d="M80 155 V215 M160 155 V215" stroke="#666" stroke-width="4"/><text x="120" y="95" font-size="20" font-weight="700" text-anchor="middle" fill="${i}" font-family="Arial, sans-serif">EVERY VOTE</text><text x="120" y="125" font-size="20" font-weight="700" text-anchor="middle" fill="${i}" font-family="Arial, sans-serif">COUNTS</text>`,
  button: (f, i) =>
    `<circle cx="120" cy="120" r="80" fill="${f}" stroke="#0003" stroke-width="3"/><circle cx="120" cy="120" r="66" fill="none" stroke="${i}" stroke-width="3"/><text x="120" y="128" font-size="24" font-weight="700" text-anchor="middle" fill="${i}" font-family="Arial, sans-serif">I VOTED</text>`,
  sticker: (f, i) =>
    `<rect x="45" y="55" width="150" height="130" rx="28" fill="${f}" stroke="#0002" stroke-width="2" transform="rotate(-6 120 120)"/>${star(120, 110, 26, i)}<text x="120" y="165" font-size="16" font-weight="700" text-anchor="middle" fill="${i}" font-family="Arial, sans-serif">DEMOCRACY</text>`,
  tote: (f, i) =>
    `<path d="M90 80 Q90 40 120 40 Q150 40 150 80" fill="none" stroke="${f}" stroke-width="8"/><path d="M55 80 H185 L175 210 H65 Z" fill="${f}" stroke="#0002" stroke-width="2"/>${star(120, 130, 22, i)}<text x="120" y="185" font-size="14" font-weight="700" text-anchor="middle" fill="${i}" font-family="Arial, sans-serif">CANVASS</text>`,
};

function star(cx: number, cy: number, r: number, fill: string): string {
  const points: string[] = [];
  for (let k = 0; k < 10; k++) {
    const radius = k % 2 === 0 ? r : r * 0.45;
    const angle = -Math.PI / 2 + (k * Math.PI) / 5;
    points.push(
      `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`,
    );
  }
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
}

function inkFor(hex: string): string {
  const n = Number.parseInt(hex, 16);
  const luminance = 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return luminance > 150 ? '#1f3a68' : '#ffffff';
}

export function productSvg(shape: string, title: string, colorHex: string): string {
  const hex = /^[0-9a-fA-F]{6}$/.test(colorHex) ? colorHex : '1f3a68';
  const draw = SHAPES[shape] ?? SHAPES.tshirt!;
  const label = title.replace(/[<>&"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" role="img" aria-label="${label}"><rect width="240" height="240" fill="#f3f5f9"/><ellipse cx="120" cy="222" rx="80" ry="8" fill="#0001"/>${draw(`#${hex}`, inkFor(hex))}</svg>`;
}
