import type { ErrorCode, ProjectAction } from '@teamline/contract';
import type { FastifyInstance } from 'fastify';

/**
 * What decides access to a route: `public` (no key), `authenticated` (any signed-in caller, acting
 * on their own account or by a secret such as an invitation token), or a project action of the
 * table. `by` says how the route addresses the project: by project id (a stranger gets 403
 * PROJECT_ACCESS_DENIED) or by a child record's id (a stranger gets that record's 404).
 *
 * Each route declares it beside its handler, in its config: `config: { policy: project('story.edit') }`.
 * The auth hook lets exactly the `public` ones through without a key; the route × caller matrix
 * (`matrix.test.ts`) and docs/permissions.md are generated from the registered routes' policies.
 */
export type RoutePolicy = 'public' | 'authenticated' | ActionPolicy;

/** A policy that names a project action: the route's answers follow the action table. */
export type ActionPolicy =
  { action: ProjectAction; by: 'project' } | { action: ProjectAction; by: 'record'; missing: ErrorCode };

/** The route names the project (`projectIdx`): a stranger gets 403 PROJECT_ACCESS_DENIED. */
export const project = (action: ProjectAction): ActionPolicy => ({ action, by: 'project' });

/** The route names a child record: a stranger gets `missing`, exactly what a missing id shows. */
export const record = (action: ProjectAction, missing: ErrorCode): ActionPolicy => ({
  action,
  by: 'record',
  missing,
});

/** One API route as the app registered it, with the policy its config declares. */
export interface RegisteredRoute {
  method: string;
  url: string;
  policy: RoutePolicy;
}

export const routeKey = (route: Pick<RegisteredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

/**
 * Collects every route under `prefix` with its policy as it is registered. A route without a policy
 * throws at its registration, so the app refuses to start and every test fails at once, naming it:
 * a forgotten policy can never leave a route open by default.
 */
export function collectRoutePolicies(app: FastifyInstance, prefix: string): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().filter((method) => method !== 'HEAD');
    if (!route.url.startsWith(prefix) || methods.length === 0) return;
    const policy = route.config?.policy;
    if (!policy)
      throw new Error(
        `${methods.join(',')} ${route.url} declares no policy: add config: { policy } beside its handler ` +
          "('public', 'authenticated', project(action) or record(action, missing) from platform/authorization/route-policy.ts)",
      );
    for (const method of methods) routes.push({ method, url: route.url, policy });
  });
  return routes;
}
