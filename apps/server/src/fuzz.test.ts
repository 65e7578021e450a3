import type { RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localClient } from './features/session/device-cookie.js';
import { multipartBody, queryNumbers, queryString, rawJson, toRawJson } from './test/fuzz-inputs.js';
import { bearer, createProject, createTestApp, signUp, type TestApp } from './test/test-app.js';

/**
 * Malformed input never reaches a 500: every registered /api route gets bodies, path parameters and
 * query strings built from the field names of its own zod schemas, filled with values chosen to break
 * things (integers past the int4 columns, NUL and other control characters, wrong types, huge and
 * nested values), sent by a signed-in admin of a real project so the requests get past authorization.
 * The bodies are written as raw text, so they also carry what a parsed value cannot: JSON escapes
 * (`\u0000`, lone surrogates), numbers past a double, deep nesting (test/fuzz-inputs.ts); query
 * strings repeat keys and carry odd numbers and undecodable escapes; upload routes get multipart
 * bodies, whole, cut short, without a boundary or of garbage.
 */

interface Route {
  method: string;
  url: string;
  body: string[];
  query: string[];
  params: string[];
  multipart: boolean;
}

/** Field names of a zod object schema (through optional/refine wrappers); [] when it is not an object. */
function keysOf(schema: unknown): string[] {
  let current = schema as
    { shape?: object; _zod?: { def?: { innerType?: unknown; in?: unknown } } } | undefined;
  for (let depth = 0; depth < 6 && current; depth++) {
    if (current.shape) return Object.keys(current.shape);
    current = (current._zod?.def?.innerType ?? current._zod?.def?.in) as typeof current;
  }
  return [];
}

const INT4_OVERFLOW = 2 ** 31;
const nastyScalars = [
  INT4_OVERFLOW,
  2 ** 31 - 1,
  2 ** 53 - 1,
  -(2 ** 31) - 1,
  -1,
  0,
  1.5,
  1e308,
  'a\u0000b',
  '\u0000',
  'a\u0007b\u001b[31m',
  '\u007f',
  '',
  ' ',
  'x'.repeat(5000),
  '2147483648',
  '9007199254740991',
  '-1',
  '1e309',
  'NaN',
  '20260230',
  '99999999',
  'javascript:alert(1)',
  'http://127.0.0.1:1/',
  '../../etc/passwd',
  '__proto__',
  "'; drop table member; --",
  null,
  true,
] as const;

const scalar = (projectIdx: number) =>
  fc.oneof(
    fc.constantFrom(...nastyScalars, projectIdx, 1),
    rawJson,
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.integer(),
    fc.maxSafeInteger(),
  );
const value = (projectIdx: number) =>
  fc.oneof(
    { weight: 6, arbitrary: scalar(projectIdx) },
    { weight: 1, arbitrary: fc.array(scalar(projectIdx), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar(projectIdx), { maxKeys: 3 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
/** Path and query values arrive as text. */
const text = (projectIdx: number) =>
  fc.oneof(
    fc.constantFrom(...nastyScalars.filter((v) => v !== null), ...queryNumbers, projectIdx, 1).map(String),
    fc.string({ maxLength: 30 }),
    fc.maxSafeInteger().map(String),
  );

function fieldsOf(names: string[], arb: fc.Arbitrary<unknown>) {
  return fc
    .tuple(
      fc.record(Object.fromEntries(names.map((n) => [n, fc.option(arb, { nil: undefined })]))),
      fc.dictionary(fc.string({ maxLength: 8 }), arb, { maxKeys: 2 }),
    )
    .map(([known, extra]) =>
      Object.fromEntries(Object.entries({ ...extra, ...known }).filter(([, v]) => v !== undefined)),
    );
}

const JSON_TYPE = 'application/json';

function requestOf(route: Route, projectIdx: number) {
  const json = fc.oneof(
    { weight: 5, arbitrary: fieldsOf(route.body, value(projectIdx)).map(toRawJson) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((b) => JSON.stringify(b)) },
    { weight: 1, arbitrary: rawJson.map(toRawJson) },
    { weight: 1, arbitrary: fc.constantFrom('{', '[1,', '"\\u0000"', 'null', '{"a":"\\ud800"}', '') },
  );
  const body: fc.Arbitrary<{ contentType: string; payload: string | Buffer }> = route.multipart
    ? fc.oneof(
        { weight: 4, arbitrary: multipartBody },
        { weight: 1, arbitrary: json.map((payload) => ({ contentType: JSON_TYPE, payload })) },
      )
    : json.map((payload) => ({ contentType: JSON_TYPE, payload }));
  const params = fc.record(Object.fromEntries(route.params.map((p) => [p, text(projectIdx)])));
  const query = queryString(route.query, text(projectIdx));
  return fc.record({ body, params, query });
}

describe('fuzz: malformed requests to every route', () => {
  let t: TestApp;
  const routes: Route[] = [];
  let memberIdx = 0;
  // One browser for every session below: a new one each time would mail "new browser" each time.
  const client = localClient();
  let projectIdx = 0;

  beforeAll(async () => {
    t = await createTestApp({
      overrides: {
        onRoute(route: RouteOptions) {
          const methods = [route.method].flat().filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
          const schema = (route.schema ?? {}) as {
            body?: unknown;
            querystring?: unknown;
            params?: unknown;
            consumes?: string[];
          };
          // The socket upgrade is tested by the realtime tests; the docs are static.
          if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs') || route.url === '/api/ws')
            return;
          for (const method of methods)
            routes.push({
              method,
              url: route.url,
              body: keysOf(schema.body),
              query: keysOf(schema.querystring),
              params: [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!),
              multipart: schema.consumes?.includes('multipart/form-data') ?? false,
            });
        },
      },
    });
    const owner = await signUp(t, 'fuzz@example.com');
    memberIdx = owner.memberIdx;
    projectIdx = await createProject(t, owner.key, 'Fuzz');
  }, 60_000);
  afterAll(() => t?.close());

  it("answers the issue's measured 500s with 400 (or 404 where the value is a lookup)", async () => {
    const { key } = await t.app.services.auth.startSession(memberIdx, client);
    const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(key), ...(payload ? { payload } : {}) });
    expect((await send('GET', '/api/story/2147483648')).statusCode).toBe(400);
    expect((await send('POST', '/api/story', { projectIdx: 2 ** 31, title: 'a' })).statusCode).toBe(400);
    const price = await send('PATCH', '/api/member', { hopePrice: 2 ** 31 });
    expect(price.statusCode).toBe(400);
    expect(price.json().error.fieldErrors).toEqual({ hopePrice: 'numberRange' });
    const title = await send('POST', '/api/story', { projectIdx, title: 'a\u0000b' });
    expect(title.statusCode).toBe(400);
    expect(title.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { title: 'controlCharacters' },
    });
    // Fields a schema keeps free (a password) meet the NUL guard before any handler.
    const password = await send('PATCH', '/api/member/password', {
      currentPassword: 'a\u0000',
      password: 'abcdefghij',
    });
    expect(password.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { currentPassword: 'controlCharacters' },
    });
    expect((await send('GET', '/api/member/profile?memberId=9007199254740991')).statusCode).toBe(404);
  });

  /**
   * The editor JSON of a document (POST /document, PATCH /document/{id}): validating it against the
   * editor's schema belongs to the content branch (document content, issue 31: `RangeError: Unknown
   * node type` was a 500), which answers these 400 with its own code. Here only "never a 5xx" is
   * asserted, so the test holds whichever code that branch chooses.
   */
  it('answers malformed document content below 500', async () => {
    const { key } = await t.app.services.auth.startSession(memberIdx, client);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/document',
      headers: bearer(key),
      payload: { projectIdx, title: 'Fuzzed' },
    });
    const documentIdx = created.json().data.documentIdx as number;
    const text = (value: string) => `{"type":"text","text":${value}}`;
    const doc = (...nodes: string[]) => `{"type":"doc","content":[${nodes.join(',')}]}`;
    const paragraph = (...nodes: string[]) => `{"type":"paragraph","content":[${nodes.join(',')}]}`;
    const contents = [
      doc('{"type":"bogus"}'),
      doc(paragraph('{"type":"text","text":"a","marks":[{"type":"blink"}]}')),
      doc(paragraph(text('"a\\ud800"'))),
      doc(paragraph(text('""'))),
      doc(paragraph('{"type":"text"}')),
      doc(paragraph(paragraph(text('"nested"')))),
      doc('{"type":"heading","attrs":{"level":99},"content":[]}'),
      doc('{"type":"image","attrs":{"src":"javascript:alert(1)","width":1e400}}'),
      doc(`${'{"type":"blockquote","content":['.repeat(400)}${paragraph(text('"deep"'))}${']}'.repeat(400)}`),
      doc(doc()),
      '{"type":"doc","content":"text"}',
      '{"type":"doc","content":[null,1,"x"]}',
    ];
    const failures: string[] = [];
    for (const content of contents) {
      const sent = [
        ['POST', '/api/document', `{"projectIdx":${projectIdx},"title":"F","content":${content}}`],
        ['PATCH', `/api/document/${documentIdx}`, `{"content":${content}}`],
      ] as const;
      for (const [method, url, payload] of sent) {
        const res = await t.app.inject({
          method,
          url,
          headers: { ...bearer(key), 'content-type': 'application/json' },
          payload,
        });
        if (res.statusCode >= 500)
          failures.push(`${method} ${url} ${content.slice(0, 120)} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('walks every route and answers each malformed request below 500', async () => {
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const route of routes) {
      // A fresh session per route: logout and withdrawal end the previous one.
      const { key } = await t.app.services.auth.startSession(memberIdx, client);
      await fc
        .assert(
          fc.asyncProperty(requestOf(route, projectIdx), async (request) => {
            const url =
              route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(request.params[name]!)) +
              (request.query ? `?${request.query}` : '');
            const res = await t.app.inject({
              method: route.method as 'GET',
              url,
              headers: { ...bearer(key), 'content-type': request.body.contentType },
              ...(route.method === 'GET' ? {} : { payload: request.body.payload }),
            });
            if (res.statusCode >= 500) {
              const sent = String(request.body.payload).slice(0, 300);
              failures.push(`${route.method} ${url} ${sent} → ${res.statusCode} ${res.body}`);
              return false;
            }
            return true;
          }),
          { numRuns: 25, seed: 20261123, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
