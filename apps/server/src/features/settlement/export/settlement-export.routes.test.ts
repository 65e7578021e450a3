import { AppError } from '../../../shared/app-error.js';
import type { Actor } from '../../../shared/context.js';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../../plugins/errors.js';
import { settlementExportRoutes } from './settlement-export.routes.js';
import { fixtureStatement } from './statement.fixture.js';
import type { SettlementStatement, StatementProvider } from './statement.js';

/**
 * The export route on a bare Fastify with the app's validation and error handling, a fixed caller
 * and a fake statement provider. The test through the real settlement service and its permissions
 * comes when the routes are wired into the settlement module.
 */
const actor: Actor = { memberIdx: 5, familyId: 'family' };
let app: FastifyInstance | undefined;
const calls: [Actor, number][] = [];

async function appWith(statement: (settlementIdx: number) => Promise<SettlementStatement>) {
  calls.length = 0;
  const provider: StatementProvider = {
    statement: (caller, settlementIdx) => {
      calls.push([caller, settlementIdx]);
      return statement(settlementIdx);
    },
  };
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    request.actor = request.headers.authorization ? actor : null;
  });
  await app.register(async (api) => settlementExportRoutes(api, provider), { prefix: '/api' });
  await app.ready();
  return app;
}

afterEach(async () => {
  await app?.close();
  app = undefined;
});

const get = (url: string, auth = true) =>
  app!.inject({ method: 'GET', url, headers: auth ? { authorization: 'Bearer x' } : {} });

describe('GET /api/settlement/:settlementIdx/export', () => {
  it('answers the CSV as an attachment with a Korean file name, not to be cached', async () => {
    await appWith(async () => fixtureStatement('kr'));
    const response = await get('/api/settlement/41/export?format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('정산서-2026-11-김민지.csv');
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.body).toContain('로그인 화면 개발');
    expect(calls).toEqual([[actor, 41]]);
  });

  it('answers the PDF as an attachment', async () => {
    await appWith(async () => fixtureStatement('vi'));
    const response = await get('/api/settlement/41/export?format=pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(decodeURIComponent(String(response.headers['content-disposition']).split("UTF-8''")[1]!)).toBe(
      'quyet-toan-2026-11-김민지.pdf',
    );
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it.each(['', '?format=xlsx', '?format=CSV'])('refuses the format %j', async (query) => {
    await appWith(async () => fixtureStatement('en'));
    const response = await get(`/api/settlement/41/export${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(calls).toEqual([]);
  });

  it('refuses an id that is not one', async () => {
    await appWith(async () => fixtureStatement('en'));
    expect((await get('/api/settlement/abc/export?format=csv')).statusCode).toBe(400);
  });

  it("passes on the service's refusal (a settlement the caller may not see)", async () => {
    await appWith(async () => {
      throw new AppError('SETTLEMENT_NOT_FOUND');
    });
    const response = await get('/api/settlement/41/export?format=pdf');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('SETTLEMENT_NOT_FOUND');
  });

  it('needs a signed-in caller', async () => {
    await appWith(async () => fixtureStatement('en'));
    const response = await get('/api/settlement/41/export?format=csv', false);
    expect(response.statusCode).toBe(401);
    expect(calls).toEqual([]);
  });
});
