import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, createElement, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import { type IslandName, type IslandProps, islands } from '../islands/registry';
import { sendsPropsToBrowser } from '../lib/island-loading';
import { boundedMemo } from './bounded-memo';
import { IslandCollector } from './island-collector';
import { installServerQueryHooks } from './server-query-hooks';

// Before any island renders: their React Query hooks answer without observers here.
installServerQueryHooks();

/**
 * Renders an island on the server as its own React root inside the marker that
 * site/client.ts hydrates. A separate root (not a subtree of the page) with its own
 * identifierPrefix makes useId produce the same ids on the server as in the browser,
 * where every island is hydrated as a root of its own. Props must be plain JSON.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const idPrefix = useContext(IslandCollector)?.use(name) ?? `${name}-`;
  // The registry's union of prop types is checked at the call site by IslandProps<N>.
  const Component = islands[name] as unknown as ComponentType<Record<string, unknown>>;
  const json = JSON.stringify(props);
  const render = () =>
    renderToString(
      createElement(
        QueryClientProvider,
        { client: serverQueryClient() },
        createElement(Component, props as Record<string, unknown>),
      ),
      { identifierPrefix: idPrefix },
    );
  const html = PURE_ISLANDS.has(name) ? renderedIslands(`${name} ${idPrefix} ${json}`, render) : render();
  return (
    <div
      className="island"
      data-island={name}
      data-id-prefix={idPrefix}
      data-props={sendsPropsToBrowser(name) ? json : undefined}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server output for this island.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/**
 * Islands whose server HTML depends on their props alone (queries never run on the server, and
 * they show no time or other outside state before hydrating): rendered once per name, id prefix
 * and props. Islands that print ages ("5 minutes ago", the Messenger's conversation list) or
 * otherwise read the clock must not be listed.
 */
const PURE_ISLANDS: ReadonlySet<IslandName> = new Set<IslandName>([
  'AccountMenu',
  'CartButton',
  'HeatmapOverlay',
  'LogOutButton',
  'MessageBadge',
  'NotificationBell',
  'NotificationsPage',
  'SearchBox',
  'SideMenu',
  'Tracker',
]);
const renderedIslands = boundedMemo<string>(2_000);

// Queries never run during server rendering; a fresh client keeps requests isolated.
function serverQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { enabled: false } } });
}
