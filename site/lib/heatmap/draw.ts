import { type DrawPoint, HEATMAP_BLUR, HEATMAP_RADIUS } from './points';

/**
 * Draws a heatmap the way heatmap.js does, without the dependency: every point stamps a
 * radial gradient (solid to `radius × (1 - blur)`, fading to the radius) in black with an
 * opacity proportional to its value; the stamped area's alpha is then mapped to a
 * blue → green → yellow → red palette.
 */
const PALETTE_STOPS: [number, string][] = [
  [0.25, 'rgb(0,0,255)'],
  [0.55, 'rgb(0,255,0)'],
  [0.85, 'yellow'],
  [1, 'rgb(255,0,0)'],
];
const MAX_OPACITY = 0.8;
const MIN_ALPHA = 0.05;

let palette: Uint8ClampedArray | null = null;

function paletteData(): Uint8ClampedArray {
  if (palette) return palette;
  const canvas = document.createElement('canvas');
  canvas.width = 256;
  canvas.height = 1;
  const ctx = canvas.getContext('2d');
  if (!ctx) return new Uint8ClampedArray(256 * 4);
  const gradient = ctx.createLinearGradient(0, 0, 256, 1);
  for (const [stop, color] of PALETTE_STOPS) gradient.addColorStop(stop, color);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, 256, 1);
  palette = ctx.getImageData(0, 0, 256, 1).data;
  return palette;
}

export function drawHeatmap(
  canvas: HTMLCanvasElement,
  points: readonly DrawPoint[],
  { radius = HEATMAP_RADIUS, blur = HEATMAP_BLUR } = {},
): void {
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (points.length === 0) return;
  const max = points.reduce((m, p) => Math.max(m, p.value), 0) || 1;
  let minX = canvas.width;
  let minY = canvas.height;
  let maxX = 0;
  let maxY = 0;
  for (const p of points) {
    const gradient = ctx.createRadialGradient(p.x, p.y, radius * (1 - blur), p.x, p.y, radius);
    gradient.addColorStop(0, 'rgba(0,0,0,1)');
    gradient.addColorStop(1, 'rgba(0,0,0,0)');
    ctx.globalAlpha = Math.max(MIN_ALPHA, p.value / max);
    ctx.fillStyle = gradient;
    ctx.fillRect(p.x - radius, p.y - radius, radius * 2, radius * 2);
    minX = Math.min(minX, p.x - radius);
    minY = Math.min(minY, p.y - radius);
    maxX = Math.max(maxX, p.x + radius);
    maxY = Math.max(maxY, p.y + radius);
  }
  ctx.globalAlpha = 1;
  // Colour only the area the points touched: the canvas may be as tall as a long page.
  const x = Math.max(0, Math.floor(minX));
  const y = Math.max(0, Math.floor(minY));
  const w = Math.min(canvas.width, Math.ceil(maxX)) - x;
  const h = Math.min(canvas.height, Math.ceil(maxY)) - y;
  if (w <= 0 || h <= 0) return;
  const image = ctx.getImageData(x, y, w, h);
  const pixels = image.data;
  const colors = paletteData();
  for (let i = 3; i < pixels.length; i += 4) {
    const alpha = pixels[i]!;
    if (alpha === 0) continue;
    const offset = alpha * 4;
    pixels[i - 3] = colors[offset]!;
    pixels[i - 2] = colors[offset + 1]!;
    pixels[i - 1] = colors[offset + 2]!;
    pixels[i] = Math.min(alpha, 255 * MAX_OPACITY);
  }
  ctx.putImageData(image, x, y);
}
