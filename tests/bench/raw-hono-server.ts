/**
 * The ceiling for `npm run bench -- ssr`: a bare Hono plaintext route on @hono/node-server, the same
 * runtime and adapter as the app, with no middleware. Started by the benchmark in the same run so
 * every page's share of it compares like with like on a shared machine.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/', (c) => c.text('Campaign HQ is running.'));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
