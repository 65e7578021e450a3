import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { routeKey, routePolicies } from './routes.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('route registry', () => {
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
