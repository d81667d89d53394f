import type { Context } from 'hono';
import type { ReactNode } from 'react';
import type { AppEnv } from '../../api/middleware/app-env';

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

export interface Page {
  meta: PageMeta;
  status?: number;
  /** Choose the chrome as if at this path: the 404 page is bare wherever it is served. */
  layoutPath?: string;
  body: ReactNode;
}

export type PageContext = Context<AppEnv>;

/** The context of a route whose path has parameters: `c.req.param('id')` is then a string. */
export type RouteContext<Path extends string> = Context<AppEnv, Path>;

/** A page with no per-request data: the content pages (about, faq, policies...); its path is in its group's URL map. */
export interface StaticPage {
  meta: PageMeta;
  Body: () => ReactNode;
}
