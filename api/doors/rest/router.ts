import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { type Permission, permissionDisplayName } from '../../contract/permissions';
import type { AppEnv } from '../../middleware/app-env';
import { findHostileInput, type HostileInput } from '../../middleware/input-guard';
import {
  loadStaffAccess,
  type PermissionRequirement,
  SECOND_FACTOR_REQUIRED_MESSAGE,
  type StaffAccess,
  satisfies,
} from '../../modules/staff/access';
import { accessFor, REST_ACTIONS, type RestAction, type RestResourceName } from './access';
import { restError, restErrorResponse } from './errors';

export const REST_BASE = '/api/admin/rest';

/** What a handler knows about the caller: guaranteed staff, with the permission its route needs. */
export interface Actor {
  id: number;
  ip: string;
  permissions: Permission[];
}

export interface RestEnv {
  Variables: AppEnv['Variables'] & { staff: StaffAccess; actor: Actor };
}
export type RestContext = Context<RestEnv>;
export type RestHandler = (c: RestContext) => Promise<Response>;

export interface RestResource {
  name: RestResourceName;
  handlers: Partial<Record<RestAction, RestHandler>>;
}

const ROUTE_OF: Record<RestAction, { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; withId: boolean }> = {
  list: { method: 'GET', withId: false },
  getOne: { method: 'GET', withId: true },
  create: { method: 'POST', withId: false },
  update: { method: 'PUT', withId: true },
  delete: { method: 'DELETE', withId: true },
};

export interface RestRoute {
  resource: RestResourceName;
  action: RestAction;
  method: string;
  path: string;
  requirement: PermissionRequirement;
}

/** Visitors get 401, members without a staff role 403, before any route is even looked up. */
const staffOnly = createMiddleware<RestEnv>(async (c, next) => {
  const user = c.get('user');
  if (!user) return restError(c, 401, 'UNAUTHORIZED', 'Please sign in to continue.');
  const staff = await loadStaffAccess(c.get('db'), user.id, { secondFactor: c.get('secondFactor') });
  if (!staff) return restError(c, 403, 'FORBIDDEN', 'This area is for staff only.');
  if (staff.secondFactorMissing) return restError(c, 403, 'FORBIDDEN', SECOND_FACTOR_REQUIRED_MESSAGE);
  c.set('staff', staff);
  c.set('actor', { id: user.id, ip: c.get('ip'), permissions: staff.permissions });
  c.header('Cache-Control', 'no-store');
  await next();
});

function guard(requirement: PermissionRequirement) {
  return createMiddleware<RestEnv>(async (c, next) => {
    if (!satisfies(c.get('staff').permissions, requirement)) {
      const names = requirement.permissions
        .map(permissionDisplayName)
        .join(requirement.kind === 'any' ? ' or ' : ' and ');
      return restError(c, 403, 'FORBIDDEN', `You need the ${names} permission to view this content.`);
    }
    await next();
  });
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // not JSON: the handler's own parsing answers 400
  }
}

/** The first hostile part of what the caller sent: the id, each query value (raw and as JSON), the body. */
async function hostileRestInput(c: RestContext): Promise<HostileInput | null> {
  const id = c.req.param('id');
  const fromId = id === undefined ? null : findHostileInput(id, ['id']);
  if (fromId) return fromId;
  for (const [name, value] of Object.entries(c.req.query())) {
    const found = findHostileInput(value, [name]) ?? findHostileInput(parsedJson(value), [name]);
    if (found) return found;
  }
  if (c.req.method !== 'POST' && c.req.method !== 'PUT') return null;
  // Read as text (Hono caches it), so the handler's own c.req.json() still works.
  return findHostileInput(parsedJson(await c.req.text()));
}

/**
 * The one input guard (api/middleware/input-guard.ts) in front of every REST route: NUL, lone
 * surrogates, prototype-named keys and deep nesting are a 400 naming the field, before a
 * handler, a schema or a query sees them.
 */
const inputGuard = createMiddleware<RestEnv>(async (c, next) => {
  const hostile = await hostileRestInput(c);
  if (hostile) {
    return restError(c, 400, 'BAD_REQUEST', 'Please correct the highlighted fields.', {
      [hostile.field]: hostile.message,
    });
  }
  await next();
});

/**
 * Builds the REST API from the resources. A handler without a row in REST_ACCESS (or a row
 * without a handler) stops start-up: nothing can be served unguarded or listed but missing.
 */
export function createRestApi(resources: readonly RestResource[]) {
  const api = new Hono<RestEnv>();
  const routes: RestRoute[] = [];
  api.use('*', staffOnly);
  for (const resource of resources) {
    for (const action of REST_ACTIONS) {
      const handler = resource.handlers[action];
      const requirement = accessFor(resource.name, action);
      if (!handler && !requirement) continue;
      if (!handler || !requirement) {
        throw new Error(`REST ${resource.name}.${action}: a handler needs a REST_ACCESS row and vice versa`);
      }
      const { method, withId } = ROUTE_OF[action];
      const path = withId ? `/${resource.name}/:id` : `/${resource.name}`;
      routes.push({ resource: resource.name, action, method, path: `${REST_BASE}${path}`, requirement });
      api.on(method, path, guard(requirement), inputGuard, async (c) => {
        try {
          return await handler(c);
        } catch (error) {
          return restErrorResponse(c, error);
        }
      });
    }
  }
  api.all('*', (c) => restError(c, 404, 'NOT_FOUND', 'No such resource.'));
  return { api, routes };
}
