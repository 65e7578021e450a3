import { unboundedNumbers } from '@teamline/contract';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from './test/test-app.js';

/**
 * Every number a route takes (path, query or body, whether the schema comes from the contract or the
 * route file) fits an int4 column: a route built with a bare `z.number()` fails here, not as a 500 on
 * the first large value (`intIn`/`intInText` in packages/contract/src/schemas/common.ts).
 */
describe('every route bounds the numbers it takes', () => {
  let t: TestApp;
  const inputs: { route: string; schema: z.ZodType }[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      overrides: {
        onRoute(route: RouteOptions) {
          const schema = (route.schema ?? {}) as Record<
            'params' | 'querystring' | 'body',
            z.ZodType | undefined
          >;
          for (const part of ['params', 'querystring', 'body'] as const) {
            const input = schema[part];
            if (input) inputs.push({ route: `${String(route.method)} ${route.url} ${part}`, schema: input });
          }
        },
      },
    });
  });
  afterAll(() => t?.close());

  it('finds no number without int4 bounds', () => {
    expect(inputs.length).toBeGreaterThan(150);
    expect(inputs.flatMap(({ route, schema }) => unboundedNumbers(schema, route))).toEqual([]);
  });
});
