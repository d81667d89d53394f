import type { StaticPage } from '../../lib/page';

/**
 * The content pages: one file each, exporting a StaticPage. Added here so the router and
 * the sitemap see them.
 */
export const contentPages: StaticPage[] = [];
