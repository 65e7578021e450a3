import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createProject, createTestApp, signUp, type TestApp } from './test/test-app.js';

/**
 * Issue 31's inputs that answered 500 (or silently changed what was stored), each answered 400 with
 * a stable code and field key. Multipart bodies are in features/file/upload-malformed.test.ts; the
 * schema-wide rules in route-bounds.test.ts and fuzz.test.ts.
 */
let t: TestApp;
let key: string;
let projectIdx: number;
let documentIdx: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await signUp(t, 'refusals@example.com'));
  projectIdx = await createProject(t, key, 'Refusals');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/document',
    headers: bearer(key),
    payload: { projectIdx, title: 'Plan' },
  });
  documentIdx = created.json().data.documentIdx;
});
afterAll(() => t?.close());

/** Sends raw JSON text, so escapes such as `\ud800` arrive exactly as a client wrote them. */
const send = (method: 'GET' | 'POST' | 'PATCH', url: string, json?: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(key), ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(json === undefined ? {} : { payload: json }),
  });
const errorOf = (res: { statusCode: number; json(): { error?: unknown } }) => ({
  status: res.statusCode,
  error: res.json().error,
});

describe('integers past an int4 column', () => {
  it('answers a folder id past int4 in the document list query with 400 numberRange', async () => {
    const res = await send('GET', `/api/document?projectIdx=${projectIdx}&folderIdx=2147483648`);
    expect(errorOf(res)).toMatchObject({
      status: 400,
      error: { code: 'VALIDATION_FAILED', fieldErrors: { folderIdx: 'numberRange' } },
    });
  });

  it('answers a version number past int4 in the path with 400 numberRange', async () => {
    const res = await send('GET', `/api/document/${documentIdx}/version/2147483648`);
    expect(errorOf(res)).toMatchObject({
      status: 400,
      error: { code: 'VALIDATION_FAILED', fieldErrors: { versionNo: 'numberRange' } },
    });
  });

  it('answers a base version past int4 in the body with 400 numberRange, and takes the largest int4', async () => {
    const res = await send('PATCH', `/api/document/${documentIdx}`, '{"baseVersion":2147483648}');
    expect(errorOf(res)).toMatchObject({
      status: 400,
      error: { code: 'VALIDATION_FAILED', fieldErrors: { baseVersion: 'numberRange' } },
    });
    const largest = await send(
      'PATCH',
      `/api/document/${documentIdx}`,
      '{"title":"x","baseVersion":2147483647}',
    );
    expect(largest.statusCode).toBeLessThan(500);
    expect(largest.json().error?.code).not.toBe('VALIDATION_FAILED');
  });
});

describe('a lone surrogate in text', () => {
  it('answers story and milestone titles with 400 brokenCharacters and stores nothing', async () => {
    const story = await send('POST', '/api/story', `{"projectIdx":${projectIdx},"title":"a\\ud800"}`);
    expect(errorOf(story)).toMatchObject({
      status: 400,
      error: { code: 'VALIDATION_FAILED', fieldErrors: { title: 'brokenCharacters' } },
    });
    const milestone = await send(
      'POST',
      '/api/milestone',
      `{"projectIdx":${projectIdx},"title":"\\udc00 plan","startDt":"20260101","endDt":"20260201"}`,
    );
    expect(errorOf(milestone)).toMatchObject({
      status: 400,
      error: { code: 'VALIDATION_FAILED', fieldErrors: { title: 'brokenCharacters' } },
    });
    const timeline = await send('GET', `/api/milestone/timeline?projectIdx=${projectIdx}`);
    expect(timeline.statusCode).toBe(200);
    expect(timeline.json().data).toMatchObject({ milestones: [] });
    const backlog = await send('GET', `/api/story/no-epic/${projectIdx}`);
    expect(backlog.statusCode).toBe(200);
    expect(JSON.stringify(backlog.json())).not.toContain('\ufffd');
    expect(backlog.json().data).toEqual([]);
  });

  it('answers a document title with 400 brokenCharacters and keeps the stored title', async () => {
    const res = await send('PATCH', `/api/document/${documentIdx}`, '{"title":"Plan \\ud83d"}');
    expect(errorOf(res)).toMatchObject({
      status: 400,
      error: { code: 'VALIDATION_FAILED', fieldErrors: { title: 'brokenCharacters' } },
    });
    const stored = await send('GET', `/api/document/${documentIdx}`);
    expect(stored.json().data.title).toBe('Plan');
  });

  it('answers fields the schemas keep free (a password) and nested values before any handler', async () => {
    const password = await send(
      'PATCH',
      '/api/member/password',
      '{"currentPassword":"a\\ud800","password":"abcdefghij"}',
    );
    expect(errorOf(password)).toMatchObject({
      status: 400,
      error: { code: 'VALIDATION_FAILED', fieldErrors: { currentPassword: 'brokenCharacters' } },
    });
    // Document content belongs to the editor schema (the content branch's validation); whichever
    // refuses it first, it is a 400, never a 500 from the jsonb column.
    const content = await send(
      'PATCH',
      `/api/document/${documentIdx}`,
      '{"content":{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"a\\ud800"}]}]}}',
    );
    expect(content.statusCode).toBe(400);
  });

  it('keeps whole emoji, a surrogate pair written as escapes included', async () => {
    const res = await send(
      'POST',
      '/api/story',
      `{"projectIdx":${projectIdx},"title":"ship \\ud83d\\ude80"}`,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.title).toBe('ship 🚀');
  });
});
