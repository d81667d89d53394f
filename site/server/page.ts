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

export interface Page {
  meta: PageMeta;
  body: ReactNode;
  status?: number;
  /** Choose the chrome as if at this path: the 404 page is bare wherever it is served. */
  layoutPath?: string;
}

export type PageContext = Context<AppEnv>;

/** A page with no per-request data: the content pages (about, faq, policies...). */
export interface StaticPage {
  path: string;
  meta: PageMeta;
  Body: () => ReactNode;
}
