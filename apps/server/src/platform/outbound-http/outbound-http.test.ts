import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOutboundHttp,
  isPublicAddress,
  OutboundBlockedError,
  pointsToPrivateNetwork,
} from './outbound-http.js';

/** A server on every interface that counts what reaches it. */
async function listen(host: string, handler: (path: string, res: ServerResponse) => void) {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req.url ?? '', res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, hits, port: (server.address() as AddressInfo).port };
}

describe('outbound HTTP to user-typed addresses', () => {
  let target: { server: Server; hits: string[]; port: number };
  beforeAll(async () => {
    target = await listen('::', (_path, res) => {
      res.setHeader('content-type', 'text/html');
      res.end('<title>internal</title>');
    });
  });
  afterAll(() => target.server.close());

  const ownAddresses = () =>
    Object.values(networkInterfaces())
      .flat()
      .filter((i) => i && !i.internal)
      .map((i) => (i!.family === 'IPv6' ? `[${i!.address.split('%')[0]}]` : i!.address));

  it('refuses every private, reserved and encoded form, and the machine’s own address; the server receives nothing', async () => {
    const http = createOutboundHttp({ allowPrivate: false });
    const p = target.port;
    const forms = [
      `http://127.0.0.1:${p}/`,
      `http://localhost:${p}/`,
      `http://0x7f000001:${p}/`,
      `http://2130706433:${p}/`,
      `http://0177.0.0.1:${p}/`,
      `http://127.1:${p}/`,
      `http://[::ffff:127.0.0.1]:${p}/`,
      `http://[::1]:${p}/`,
      `http://[::]:${p}/`,
      `http://0.0.0.0:${p}/`,
      `http://10.0.0.1:${p}/`,
      `http://172.16.0.1:${p}/`,
      `http://192.168.1.1:${p}/`,
      `http://169.254.169.254:${p}/latest/meta-data/`,
      `http://100.100.100.200:${p}/`,
      `http://192.0.2.2:${p}/api/docs`,
      `http://198.51.100.7:${p}/`,
      `http://203.0.113.9:${p}/`,
      `http://198.18.0.1:${p}/`,
      `http://[fd00::1]:${p}/`,
      `http://[fe80::1]:${p}/`,
      `http://[64:ff9b::7f00:1]:${p}/`,
      `http://[2001:db8::1]:${p}/`,
      ...ownAddresses().map((a) => `http://${a}:${p}/`),
    ];
    for (const url of forms) await expect(http.get(url), url).rejects.toBeInstanceOf(OutboundBlockedError);
    await expect(http.get(`file:///etc/passwd`)).rejects.toBeInstanceOf(OutboundBlockedError);
    await expect(http.get(`gopher://127.0.0.1:${p}/`)).rejects.toBeInstanceOf(OutboundBlockedError);
    expect(target.hits).toEqual([]);
    await http.close();
  });

  it('judges addresses with ipaddr.js: only unicast passes', () => {
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111'])
      expect(isPublicAddress(address)).toBe(true);
    for (const address of [
      '127.0.0.1',
      '::ffff:10.0.0.1',
      '192.0.2.1',
      'fc00::1',
      'ff02::1',
      '255.255.255.255',
      'nonsense',
    ])
      expect(isPublicAddress(address)).toBe(false);
  });

  it('checks a redirect target again before following it', async () => {
    const inner = await listen('127.0.0.2', (_path, res) => res.end('secret'));
    const outer = await listen('127.0.0.1', (path, res) => {
      res.statusCode = 302;
      res.setHeader(
        'location',
        path === '/name' ? `http://localhost:${inner.port}/` : `http://127.0.0.2:${inner.port}/`,
      );
      res.end();
    });
    // Only the outer server counts as public here, so the redirect is the only way in.
    const http = createOutboundHttp({ allowPrivate: false, isAllowed: (a) => a === '127.0.0.1' });
    try {
      await expect(http.get(`http://127.0.0.1:${outer.port}/`, { maxRedirects: 3 })).rejects.toBeInstanceOf(
        OutboundBlockedError,
      );
      const noFollow = await http.get(`http://127.0.0.1:${outer.port}/`);
      expect(noFollow.status).toBe(302);
      expect(outer.hits).toEqual(['/', '/']);
      expect(inner.hits).toEqual([]);
    } finally {
      inner.server.close();
      outer.server.close();
      await http.close();
    }
  });

  it('with WEBHOOK_ALLOW_PRIVATE the same server is reached; the body is capped and slow answers time out', async () => {
    const big = await listen('127.0.0.1', (path, res) => {
      if (path === '/slow') return; // never answers
      res.end('x'.repeat(100_000));
    });
    const http = createOutboundHttp({ allowPrivate: true });
    try {
      const reached = await http.get(`http://127.0.0.1:${target.port}/`);
      expect(reached.body.toString()).toBe('<title>internal</title>');
      const capped = await http.get(`http://127.0.0.1:${big.port}/`, { maxBytes: 1000 });
      expect(capped.body.byteLength).toBe(1000);
      expect(capped.truncated).toBe(true);
      const started = Date.now();
      await expect(http.get(`http://127.0.0.1:${big.port}/slow`, { timeoutMs: 300 })).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      big.server.close();
      await http.close();
    }
  });

  it('a webhook POST is refused for 127.0.0.1, 10.x, 169.254.169.254 and [::1] at send time unless WEBHOOK_ALLOW_PRIVATE', async () => {
    const bodies: string[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        bodies.push(body);
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '::', resolve));
    const port = (receiver.address() as AddressInfo).port;
    const strict = createOutboundHttp({ allowPrivate: false });
    const open = createOutboundHttp({ allowPrivate: true });
    try {
      for (const url of [
        `http://127.0.0.1:${port}/hook`,
        `http://10.0.0.7:${port}/hook`,
        `http://169.254.169.254:${port}/latest`,
        `http://[::1]:${port}/hook`,
        `http://localhost:${port}/hook`,
      ])
        await expect(strict.post(url, '{"text":"x"}'), url).rejects.toBeInstanceOf(OutboundBlockedError);
      expect(bodies).toEqual([]);
      expect(await pointsToPrivateNetwork(`http://10.1.2.3/x`, false)).toBe(true);
      expect(await pointsToPrivateNetwork(`http://[::1]:${port}/x`, false)).toBe(true);
      expect(await pointsToPrivateNetwork(`http://localhost:${port}/x`, false)).toBe(true);
      expect(await pointsToPrivateNetwork(`http://93.184.215.14/x`, false)).toBe(false);
      expect(await pointsToPrivateNetwork(`http://127.0.0.1/x`, true)).toBe(false);
      const sent = await open.post(`http://127.0.0.1:${port}/hook`, '{"text":"x"}', {
        headers: { 'content-type': 'application/json' },
      });
      expect(sent.status).toBe(200);
      expect(sent.body.toString()).toBe('ok');
      expect((await open.post(`http://[::1]:${port}/hook`, 'second')).status).toBe(200);
      expect(bodies).toEqual(['{"text":"x"}', 'second']);
    } finally {
      receiver.close();
      await strict.close();
      await open.close();
    }
  });
});
