import { API_BASE, apiPaths, contractMoves, projectActions, settlementMoveNames } from '@teamline/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { collectRoutePolicies, routeKey, type RoutePolicy } from './route-policy.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** The values of the path functions' arguments that are a choice, not an id (the last argument). */
const choices: Partial<Record<keyof typeof apiPaths, readonly string[]>> = {
  contractMove: Object.keys(contractMoves),
  settlementMove: settlementMoveNames,
};

/** Every path `apiPaths` names, with each id argument as a route parameter (`:p`). */
function contractPaths(): Set<string> {
  const paths = new Set<string>();
  for (const [name, path] of Object.entries(apiPaths)) {
    if (typeof path === 'string') {
      paths.add(path);
      continue;
    }
    const at = path as (...args: string[]) => string;
    const ids = Array.from({ length: at.length }, () => ':p');
    const choice = choices[name as keyof typeof apiPaths];
    if (choice) for (const value of choice) paths.add(at(...ids.slice(0, -1), value));
    else paths.add(at(...ids));
  }
  return paths;
}

/** A policy as the types allow it: a route's config is plain data, so the test reads it as such. */
const isPolicy = (policy: RoutePolicy) =>
  policy === 'public' ||
  policy === 'authenticated' ||
  (projectActions.includes(policy.action) &&
    (policy.by === 'project' || (policy.by === 'record' && typeof policy.missing === 'string')));

describe('route registry', () => {
  it('every registered API route has its path in the contract (apiPaths), parameter names aside', () => {
    const known = contractPaths();
    const outside = t.app.registeredRoutes
      .map((route) => route.url.slice(API_BASE.length))
      .filter((url) => !known.has(url.replace(/:\w+/g, ':p')));
    expect(
      outside,
      'add these paths to packages/contract/src/api-paths.ts and register them from there',
    ).toEqual([]);
  });

  it('every registered API route declares a policy the table knows, once', () => {
    const routes = t.app.registeredRoutes;
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((route) => !isPolicy(route.policy)).map(routeKey)).toEqual([]);
    const keys = routes.map(routeKey);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('an API route without a policy stops the app from starting, naming the route', async () => {
    const app = Fastify({ logger: false });
    collectRoutePolicies(app, API_BASE);
    const registering = app.register(
      async (api) => {
        api.get('/declared', { config: { policy: 'authenticated' } }, async () => ({}));
        api.get('/forgotten', async () => ({}));
      },
      { prefix: API_BASE },
    );
    await expect(registering).rejects.toThrow(`GET ${API_BASE}/forgotten declares no policy`);
    await app.close();
  });

  it('routes the auth hook lets through without a key are exactly the public ones', async () => {
    const refused: string[] = [];
    for (const route of t.app.registeredRoutes) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:\w+/g, '1'),
      });
      if (res.statusCode === 401 && res.json().error.code === 'UNAUTHENTICATED')
        refused.push(routeKey(route));
    }
    expect(refused).toEqual(
      t.app.registeredRoutes.filter((route) => route.policy !== 'public').map(routeKey),
    );
  });
});
