import type { Db } from '../../db/client';
import { jsonb } from '../../db/json';

interface SeedVariant {
  size: string;
  color: string;
  hex: string;
  stock: number;
}

interface SeedProduct {
  slug: string;
  title: string;
  description: string;
  category: string;
  shape: string;
  price_cents: number;
  featured: boolean;
  units_sold: number;
  /** Handle of the vendor account that sells it (the demo vendor); the platform's own otherwise. */
  vendor?: string;
  variants: SeedVariant[];
}

const APPAREL_SIZES = ['S', 'M', 'L', 'XL'];
const COLORS = {
  navy: { color: 'Navy', hex: '#1f3a68' },
  red: { color: 'Red', hex: '#c62f3b' },
  white: { color: 'White', hex: '#f4f4f1' },
  heather: { color: 'Heather Gray', hex: '#9aa0a6' },
  green: { color: 'Forest Green', hex: '#2f6b45' },
  black: { color: 'Black', hex: '#222222' },
  natural: { color: 'Natural', hex: '#e8dcc2' },
};
type ColorKey = keyof typeof COLORS;

function variants(sizes: string[], colors: ColorKey[], stock: number): SeedVariant[] {
  return sizes.flatMap((size) =>
    colors.map((key, i) => ({ size, color: COLORS[key].color, hex: COLORS[key].hex, stock: stock + i * 3 })),
  );
}

/** The demo catalog: campaign merchandise across the `product` reference list's categories. */
export const CATALOG: SeedProduct[] = [
  {
    slug: 'vote-together-tee',
    title: 'Vote Together T-shirt',
    description: 'Soft ring-spun cotton tee with the "Vote Together" wordmark across the chest.',
    category: 't_shirts',
    shape: 'tshirt',
    price_cents: 2400,
    featured: true,
    units_sold: 412,
    variants: variants(APPAREL_SIZES, ['navy', 'red', 'white'], 40),
  },
  {
    slug: 'grassroots-organizer-tee',
    vendor: 'liberty-print-shop',
    title: 'Grassroots Organizer T-shirt',
    description: 'Heavyweight tee for canvassers and phone bankers, printed in the USA.',
    category: 't_shirts',
    shape: 'tshirt',
    price_cents: 2600,
    featured: false,
    units_sold: 233,
    variants: variants(APPAREL_SIZES, ['heather', 'green'], 30),
  },
  {
    slug: 'campaign-hq-cap',
    title: 'Campaign HQ Cap',
    description: 'Structured six-panel cap with an embroidered star and adjustable strap.',
    category: 'caps',
    shape: 'cap',
    price_cents: 2200,
    featured: true,
    units_sold: 318,
    variants: variants(['One Size'], ['navy', 'red', 'black'], 50),
  },
  {
    slug: 'morning-debate-mug',
    title: 'Morning Debate Mug',
    description: '11 oz ceramic mug, dishwasher safe, for early starts on the campaign trail.',
    category: 'mugs',
    shape: 'mug',
    price_cents: 1600,
    featured: true,
    units_sold: 275,
    variants: variants(['11 oz', '15 oz'], ['white', 'navy'], 35),
  },
  {
    slug: 'every-vote-counts-yard-sign',
    vendor: 'liberty-print-shop',
    title: 'Every Vote Counts Yard Sign',
    description: 'Double-sided corrugated plastic sign, 18 × 24 in, with a wire H-stake.',
    category: 'yard_signs',
    shape: 'sign',
    price_cents: 1800,
    featured: false,
    units_sold: 521,
    variants: variants(['18 × 24 in'], ['red', 'navy'], 60),
  },
  {
    slug: 'i-voted-button-pack',
    vendor: 'liberty-print-shop',
    title: '"I Voted" Button Pack',
    description: 'Five 2.25 in pin-back buttons for volunteers, friends and the neighbourhood.',
    category: 'buttons',
    shape: 'button',
    price_cents: 800,
    featured: false,
    units_sold: 640,
    variants: variants(['Pack of 5'], ['red', 'navy', 'white'], 80),
  },
  {
    slug: 'democracy-sticker-sheet',
    title: 'Democracy Sticker Sheet',
    description: 'Weatherproof vinyl stickers for laptops, bottles and clipboards.',
    category: 'stickers',
    shape: 'sticker',
    price_cents: 600,
    featured: true,
    units_sold: 702,
    variants: variants(['Sheet of 6'], ['white', 'navy'], 100),
  },
  {
    slug: 'canvass-tote-bag',
    title: 'Canvass Tote Bag',
    description: 'Sturdy 12 oz cotton canvas tote that fits a clipboard, flyers and water.',
    category: 'tote_bags',
    shape: 'tote',
    price_cents: 2000,
    featured: false,
    units_sold: 189,
    variants: variants(['One Size'], ['natural', 'black'], 45),
  },
];

export function productImages(slug: string, hexes: string[]): string[] {
  return [...new Set(hexes)].map((hex) => `/merchandise/images/${slug}.svg?color=${hex.slice(1)}`);
}

/**
 * Inserts the catalog when missing, by slug; existing products and their stock are left as they
 * are (sales change stock, and a reseed must not undo them).
 */
export async function seedCatalog(db: Db): Promise<{ products: number }> {
  let inserted = 0;
  for (const p of CATALOG) {
    const { variants: vs, vendor, ...product } = p;
    const vendorRow = vendor
      ? await db.selectFrom('users').select('id').where('handle', '=', vendor).executeTakeFirst()
      : undefined;
    const row = await db
      .insertInto('products')
      .values({
        ...product,
        vendor_id: vendorRow?.id ?? null,
        images: jsonb(
          productImages(
            p.slug,
            vs.map((v) => v.hex),
          ),
        ),
      })
      .onConflict((oc) => oc.column('slug').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) continue;
    inserted++;
    await db
      .insertInto('product_variants')
      .values(
        vs.map((v) => ({
          product_id: row.id,
          size: v.size,
          color: v.color,
          color_hex: v.hex,
          stock: v.stock,
        })),
      )
      .execute();
  }
  return { products: inserted };
}
