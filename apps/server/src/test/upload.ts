import type { TestApp } from './test-app.js';
import { bearer } from './test-app.js';

/** The smallest valid PNG: 1×1 transparent pixel. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A PNG of about `size` bytes (the pixel plus padding after its end chunk): distinct bytes per call. */
export function pngOf(size: number): Buffer {
  const pad = Buffer.alloc(Math.max(0, size - PNG.length), 0);
  pad.writeUInt32BE(Math.floor(Math.random() * 0xffffffff), 0);
  return Buffer.concat([PNG, pad]);
}

/** A multipart upload through the real route: `url` is `/file` or `/file/{memberIdx}/media`. */
export function uploadTo(
  t: TestApp,
  key: string,
  url: string,
  bytes: Buffer | string,
  fileName: string,
  projectIdx?: number,
) {
  const boundary = `----teamline${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (projectIdx)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="projectIdx"\r\n\r\n${projectIdx}\r\n`,
      ),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(key) },
  });
}

/** Uploads and answers the new file's id (fails the test on a refusal). */
export async function uploaded(
  t: TestApp,
  key: string,
  bytes: Buffer | string,
  fileName: string,
  projectIdx?: number,
): Promise<number> {
  const res = await uploadTo(t, key, '/file', bytes, fileName, projectIdx);
  if (res.statusCode !== 201) throw new Error(`upload refused: ${res.body}`);
  return res.json().data.fileIdx as number;
}
