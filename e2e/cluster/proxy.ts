import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { repoRoot } from './paths.js';
import { stop, waitForHttp } from './processes.js';

/** The reverse proxy in front of the instances: Debian's nginx when installed, else a Node proxy. */
export interface Proxy {
  kind: 'nginx' | 'node';
  /** How many requests each upstream port answered (the proof that requests spread over every instance). */
  hitsByPort(): Promise<Map<number, number>>;
  close(): Promise<void>;
}

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/** The file docs/deploy.md shows; the test runs this very file. */
export const NGINX_CONF = join(repoRoot, 'deploy/nginx/teamline.conf');

/**
 * deploy/nginx/teamline.conf with the test's ports: the upstream's `server` lines point at the
 * instances and the port-80 server listens on 127.0.0.1:`port`. Everything else (headers, upgrade,
 * timeouts, body size) is the shipped file, so the docs and this test cannot drift. Throws when the
 * file no longer has the lines it replaces.
 */
export function renderNginxConf(source: string, port: number, upstreamPorts: readonly number[]): string {
  const block = /upstream teamline \{\n[\s\S]*?\n\}/.exec(source)?.[0];
  const serverLine = /^\s*server 127\.0\.0\.1:\d+ ([^;]*);\n/gm;
  const lines = block ? [...block.matchAll(serverLine)] : [];
  if (!block || lines.length === 0)
    throw new Error(`${NGINX_CONF}: no "upstream teamline" block with server lines`);
  const servers = upstreamPorts.map((p) => `    server 127.0.0.1:${p} ${lines[0]![1]};\n`).join('');
  let first = true;
  const renderedBlock = block.replace(serverLine, () => (first ? ((first = false), servers) : ''));
  let rendered = source.replace(block, renderedBlock);
  if (!/^\s*listen 80;$/m.test(rendered)) throw new Error(`${NGINX_CONF}: no "listen 80;" line`);
  rendered = rendered.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
  return rendered.replace(/^\s*listen \[::\]:80;\n/m, '');
}

/**
 * nginx as an unprivileged foreground process with its own prefix, pid, logs and temp folders in
 * `dir`: no system service, no port 80. The access log names the instance of each request.
 */
async function startNginx(dir: string, port: number, upstreamPorts: readonly number[]): Promise<Proxy> {
  await chmod(dir, 0o755); // nginx's workers (nobody, when the test runs as root) must reach it
  const conf = renderNginxConf(await readFile(NGINX_CONF, 'utf8'), port, upstreamPorts);
  await writeFile(join(dir, 'teamline.conf'), conf);
  const accessLog = join(dir, 'access.log');
  const asRoot = process.getuid?.() === 0;
  await writeFile(
    join(dir, 'nginx.conf'),
    [
      asRoot ? 'user nobody nogroup;' : '',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  log_format upstream "$status $upstream_addr $request";',
      `  access_log ${accessLog} upstream;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (name) => `  ${name}_temp_path ${join(dir, `${name}_temp`)};`,
      ),
      `  include ${join(dir, 'teamline.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(
    NGINX_PATH,
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // Any answer will do: nginx answers 502 until its upstreams are chosen.
  await waitForHttp(
    `http://127.0.0.1:${port}/`,
    child,
    () => true,
    () => `nginx did not start: ${stderr}`,
  );
  return {
    kind: 'nginx',
    async hitsByPort() {
      const hits = new Map<number, number>();
      for (const line of (await readFile(accessLog, 'utf8').catch(() => '')).split('\n')) {
        // A retried request names every upstream it tried; the last one answered.
        const port = Number(/:(\d+)(?: |$)/.exec(line.split(' ')[1]?.split(',').at(-1) ?? '')?.[1] ?? NaN);
        if (port) hits.set(port, (hits.get(port) ?? 0) + 1);
      }
      return hits;
    },
    close: () => stop(child),
  };
}

/**
 * Where nginx is not installed: a round-robin proxy in Node with the settings of the nginx file
 * that matter here (WebSocket upgrade, X-Forwarded-For overwritten, X-Forwarded-Proto, a refused
 * connection tried on the next instance), so the test never skips.
 */
async function startNodeProxy(port: number, upstreamPorts: readonly number[]): Promise<Proxy> {
  const { default: httpProxy } = await import('http-proxy');
  const proxy = httpProxy.createProxyServer({ xfwd: false, ws: true });
  const hits = new Map<number, number>();
  let next = 0;
  const accepts = (target: number) =>
    new Promise<boolean>((resolve) => {
      const probe = connect(target, '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        resolve(true);
      });
      probe.once('error', () => resolve(false));
    });
  /** Round robin; like nginx, only a refused connection moves on (the request never reached it). */
  const liveTarget = async (): Promise<number | null> => {
    const start = next++;
    for (let tries = 0; tries < upstreamPorts.length; tries++) {
      const target = upstreamPorts[(start + tries) % upstreamPorts.length]!;
      if (await accepts(target)) {
        hits.set(target, (hits.get(target) ?? 0) + 1);
        return target;
      }
    }
    return null;
  };
  const headersOf = (req: IncomingMessage) => ({
    'x-forwarded-for': req.socket.remoteAddress ?? '',
    'x-forwarded-proto': 'http',
    'x-forwarded-host': req.headers.host ?? '',
  });
  const server: Server = createServer((req, res) => {
    void liveTarget().then((target) => {
      if (target === null) return void res.writeHead(502).end();
      proxy.web(req, res, { target: `http://127.0.0.1:${target}`, headers: headersOf(req) }, () => {
        if (!res.headersSent) res.writeHead(502).end();
      });
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    void liveTarget().then((target) => {
      if (target === null) return void socket.destroy();
      proxy.ws(req, socket, head, { target: `http://127.0.0.1:${target}`, headers: headersOf(req) }, () =>
        socket.destroy(),
      );
    });
  });
  // Upgraded (WebSocket) connections are no longer the HTTP server's: close() would wait for them.
  const connections = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    kind: 'node',
    hitsByPort: () => Promise.resolve(new Map(hits)),
    async close() {
      for (const socket of connections) socket.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      proxy.close();
    },
  };
}

export async function startProxy(
  dir: string,
  port: number,
  upstreamPorts: readonly number[],
): Promise<Proxy> {
  await mkdir(dir, { recursive: true });
  return existsSync(NGINX_PATH) ? startNginx(dir, port, upstreamPorts) : startNodeProxy(port, upstreamPorts);
}
