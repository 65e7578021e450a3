/**
 * The app as `npm start` runs it (configuration from the environment, the same logger), on a fresh
 * embedded database in a temporary folder, with one member signed in: writes
 * `{ port, key }` as JSON to the file named by BENCH_READY_FILE once it listens. Started as a child
 * process by `bench/member-ratio.ts`, so the load comes from another process, as in production.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createMemberRepository } from '../src/features/account-store/member.repository.js';
import { localClient } from '../src/features/session/device-cookie.js';
import { hashPassword } from '../src/shared/crypto.js';

const dir = mkdtempSync(join(tmpdir(), 'teamline-bench-app-'));
const config = {
  ...loadConfig({ ...process.env, DATA_DIR: dir, PORT: '8080' }),
  webDist: join(dir, 'none'),
};
const app = await buildApp(config);
const member = await createMemberRepository(app.ctx.database.db).insert({
  email: 'ratio@example.com',
  passwordHash: await hashPassword('bench-password-1'),
  name: 'Ratio',
  nickname: 'ratio',
  phone: '0100',
});
const session = await app.services.auth.startSession(member.memberIdx, localClient());
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
writeFileSync(process.env.BENCH_READY_FILE!, JSON.stringify({ port, key: session.key }));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
