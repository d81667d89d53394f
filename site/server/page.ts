import type { Context } from 'hono';
import type { ReactNode } from 'react';
import type { AppEnv } from '../../api/platform/env';

export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL; defaults to the request's path. */
  canonicalPath?: string;
  noindex?: boolean;
  /** Open Graph image path, for profiles and products. */
  image?: string;
  /** Open Graph type: 'profile' for people, 'website' (the default) for everything else. */
  ogType?: 'website' | 'profile';
}

interface PageFrame {
  meta: PageMeta;
  status?: number;
  /** Choose the chrome as if at this path: the 404 page is bare wherever it is served. */
  layoutPath?: string;
}

export interface Page extends PageFrame {
  body: ReactNode;
  bodyKey?: undefined;
}

/**
 * A page whose body is a pure function of `bodyKey`, a string that spells out in full everything
 * the body draws from (nothing left out of the request, no CSRF token): its rendered HTML is kept
 * per key and answered again without drawing it (docs/decisions/0060-kept-page-bodies.md).
 */
export interface KeptBodyPage extends PageFrame {
  bodyKey: string;
  /** Drawn only when no copy is kept for `bodyKey`. */
  body: () => ReactNode;
}

export type PageContext = Context<AppEnv>;

/** The context of a route whose path has parameters: `c.req.param('id')` is then a string. */
export type RouteContext<Path extends string> = Context<AppEnv, Path>;

/** A page with no per-request data: the content pages (about, faq, policies...); its path is in its group's URL map. */
export interface StaticPage {
  meta: PageMeta;
  Body: () => ReactNode;
}
