import { Writable } from 'node:stream';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, listen } from '../test/realtime-client.js';
import { createTestApp, signUp, type TestApp } from '../test/test-app.js';

describe('the request log', () => {
  let t: TestApp;
  let log = '';
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log += String(chunk);
        done();
      },
    });
    t = await createTestApp({ overrides: { logger: { level: 'info', stream } } });
  });
  afterAll(() => t?.close());

  it('writes one line per answer: the request, its status and its time', async () => {
    const from = log.length;
    const res = await t.app.inject({ method: 'GET', url: '/api/health?probe=one-line' });
    expect(res.statusCode).toBe(200);
    const lines = log
      .slice(from)
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as { msg: string; req?: { url: string }; res?: object; responseTime?: number },
      )
      .filter((line) => line.req?.url === '/api/health?probe=one-line' || line.msg === 'incoming request');
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/health?probe=one-line' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('authenticates the socket without the key in its URL and logs neither key nor token', async () => {
    const me = await signUp(t, 'logged@example.com');
    const baseUrl = await listen(t);
    const { socket } = await connect(baseUrl, me.key);
    // An old client that still puts the key in the URL is refused, and its URL logged without it.
    const legacy = new WebSocket(`${baseUrl}/api/ws?key=${me.key}`);
    const code = await new Promise<number>((resolve) => legacy.on('close', (c) => resolve(c)));
    expect(code).toBe(4401);
    await t.app.inject({
      method: 'GET',
      url: `/api/member-in-project/invite?token=${me.refresh}`,
      headers: { authorization: `Bearer ${me.key}` },
    });
    socket.close();
    await new Promise((r) => setTimeout(r, 100));

    expect(log).toContain('/api/ws');
    expect(log).toContain('[REDACTED]');
    expect(log).not.toContain(me.key);
    expect(log).not.toContain(me.refresh);
  });

  it("logs a calendar feed's address without its secret", async () => {
    const me = await signUp(t, 'logged-calendar@example.com');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/member/calendar',
      headers: { authorization: `Bearer ${me.key}` },
      payload: {},
    });
    const url = made.json().data.url as string;
    const secret = url.slice(url.lastIndexOf('/') + 1, -'.ics'.length);
    const read = await t.app.inject({ method: 'GET', url: url.slice(url.indexOf('/api/')) });
    expect(read.statusCode).toBe(200);
    expect(log).toContain('/api/calendar/[REDACTED].ics');
    expect(log).not.toContain(secret);
  });
});
