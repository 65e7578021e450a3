/** Bare Fastify with one route, in its own process, for `bench/member-ratio.ts` (writes `{ port }` to BENCH_READY_FILE). */
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
writeFileSync(
  process.env.BENCH_READY_FILE!,
  JSON.stringify({ port: (app.server.address() as AddressInfo).port }),
);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
