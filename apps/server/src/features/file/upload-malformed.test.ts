import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEMP_PREFIX } from '../../infra/storage.js';
import {
  addToProject,
  bearer,
  createProject,
  createTestApp,
  signUp,
  storedKeys,
  type TestApp,
} from '../../test/test-app.js';

/**
 * A multipart body the parser cannot read, or a file name the app cannot store, is a 400 with a
 * stable code on every multipart route (shared/upload-part.ts), never a 500, and leaves no partial
 * `.upload-*` file in the storage folder.
 */
let t: TestApp;
let key: string;
const routes: { name: string; url: () => string }[] = [];

const BOUNDARY = 'teamlineBoundary';
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;
/** A PNG's first bytes and then filler: far enough to start writing the temporary file. */
const fileHead = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(256 * 1024, 7)]);
const partHead = (disposition = 'name="file"; filename="shot.png"') =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: image/png\r\n\r\n`;

/** Raw bodies, each with the code it must get. */
const malformed: { case: string; type: string; body: Buffer | string; code: string }[] = [
  {
    case: 'a body cut off inside the file',
    type: multipartType,
    body: Buffer.concat([Buffer.from(partHead()), fileHead]),
    code: 'UPLOAD_MALFORMED',
  },
  {
    case: 'a body cut off inside the part header',
    type: multipartType,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="fi`,
    code: 'UPLOAD_MALFORMED',
  },
  { case: 'no boundary', type: 'multipart/form-data', body: partHead(), code: 'UPLOAD_MALFORMED' },
  { case: 'an empty boundary', type: 'multipart/form-data; boundary=', body: 'x', code: 'UPLOAD_MALFORMED' },
  {
    case: 'garbage',
    type: multipartType,
    body: Buffer.from('\u0000\u00ff garbage \r\n\r\n--'),
    code: 'UPLOAD_MALFORMED',
  },
  {
    case: 'a part without a file',
    type: multipartType,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${BOUNDARY}--\r\n`,
    code: 'FILE_REQUIRED',
  },
  {
    case: 'NUL in the file name',
    type: multipartType,
    body: `${partHead('name="file"; filename="a\u0000b.png"')}png\r\n--${BOUNDARY}--\r\n`,
    code: 'FILE_NAME_INVALID',
  },
  {
    case: 'an escape sequence in the file name',
    type: multipartType,
    body: `${partHead('name="file"; filename="a\u001b[31m.png"')}png\r\n--${BOUNDARY}--\r\n`,
    code: 'FILE_NAME_INVALID',
  },
  {
    case: 'NUL in an RFC 5987 file name',
    type: multipartType,
    body: `${partHead('name="file"; filename*=UTF-8\'\'a%00b.png')}png\r\n--${BOUNDARY}--\r\n`,
    code: 'FILE_NAME_INVALID',
  },
];

const partialUploads = async () => (await storedKeys(t)).filter((n) => n.startsWith(TEMP_PREFIX));
const storedFiles = async () => (await storedKeys(t)).length;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUp(t, 'upload-owner@example.com');
  const mate = await signUp(t, 'upload-mate@example.com');
  key = owner.key;
  const projectIdx = await createProject(t, owner.key, 'Uploads');
  await addToProject(t, projectIdx, mate.memberIdx, 'depth1');
  routes.push(
    { name: 'POST /file', url: () => `/api/file?projectIdx=${projectIdx}` },
    { name: 'POST /file/{id}/media', url: () => `/api/file/${mate.memberIdx}/media` },
    { name: 'POST /project/{id}/timeline-by-ai', url: () => `/api/project/${projectIdx}/timeline-by-ai` },
  );
});
afterAll(() => t?.close());

describe('malformed multipart bodies', () => {
  it.each(malformed)('answers $case with 400 $code on every multipart route', async (body) => {
    for (const route of routes) {
      const res = await t.app.inject({
        method: 'POST',
        url: route.url(),
        headers: { ...bearer(key), 'content-type': body.type },
        payload: body.body,
      });
      expect({ route: route.name, status: res.statusCode, code: res.json().error?.code }).toEqual({
        route: route.name,
        status: 400,
        code: body.code,
      });
    }
    expect(await partialUploads()).toEqual([]);
    expect(await storedFiles()).toBe(0);
  });

  it('answers a body cut short over a real socket and keeps nothing of it', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // Chunked, ended cleanly after half a file: the parser meets the end of the body mid-part.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        const head = Buffer.concat([Buffer.from(partHead()), fileHead]);
        socket.write(
          `POST ${routes[0]!.url()} HTTP/1.1\r\nHost: teamline.test\r\nAuthorization: Bearer ${key}\r\n` +
            `Content-Type: ${multipartType}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
        );
        socket.write(`${head.length.toString(16)}\r\n`);
        socket.write(head);
        socket.write('\r\n0\r\n\r\n');
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain('"code":"UPLOAD_MALFORMED"');

    // A client that hangs up halfway: no one reads the answer, but the partial file must go.
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        const head = Buffer.concat([Buffer.from(partHead()), fileHead]);
        socket.write(
          `POST ${routes[0]!.url()} HTTP/1.1\r\nHost: teamline.test\r\nAuthorization: Bearer ${key}\r\n` +
            `Content-Type: ${multipartType}\r\nContent-Length: ${head.length * 4}\r\n\r\n`,
        );
        socket.write(head, () => setTimeout(() => socket.destroy(), 50));
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    await vi.waitFor(async () => expect(await partialUploads()).toEqual([]), { timeout: 10_000 });
    expect(await storedFiles()).toBe(0);
    const health = await fetch(`${address}/api/health`);
    expect(health.status).toBe(200);
  });
});
