import { API_BASE, apiPaths, contractMoves, settlementMoveNames } from '@teamline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { routeKey, routePolicies } from './routes.js';

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

  it('every registered API route declares its policy, and the registry names no route that is gone', () => {
    const registered = t.app.registeredRoutes.map(routeKey);
    expect(registered.length).toBeGreaterThan(50);
    const withoutPolicy = registered.filter((key) => !(key in routePolicies));
    expect(withoutPolicy, 'add these routes to platform/authorization/routes.ts').toEqual([]);
    expect(Object.keys(routePolicies).filter((key) => !registered.includes(key))).toEqual([]);
  });

  it('routes the auth hook lets through without a key are exactly the public ones', () => {
    for (const route of t.app.registeredRoutes) {
      const isPublic = (route.config as { public?: boolean } | undefined)?.public === true;
      expect(isPublic, routeKey(route)).toBe(routePolicies[routeKey(route)] === 'public');
    }
  });
});
