import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error -- the package ships no types; the few members used are typed below.
import S3rverModule from '@20minutes/s3rver';
import type { S3StorageConfig } from '../infra/storage.js';

interface S3rverInstance {
  middleware: unknown[];
  httpServer: Server;
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rver = S3rverModule as new (options: Record<string, unknown>) => S3rverInstance;

/** The one key pair the fake knows; any other key or secret is 403 (InvalidAccessKeyId, SignatureDoesNotMatch). */
export const S3_FAKE_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface S3Fake {
  /** Storage settings of a bucket in the fake (path style, as for MinIO). */
  config(bucket?: string): S3StorageConfig;
  close(): Promise<void>;
}

/**
 * A local server speaking the S3 REST protocol (s3rver: objects, multipart uploads, CopyObject,
 * ranged GET, ListObjectsV2), checking every request's SigV4 signature, on a free port and a
 * temporary folder of its own. Buckets exist from the start.
 *
 * One correction to the fake: it leaves the trailing slash out of a bucket-level path-style request's
 * canonical URI (`GET /bucket/?list-type=2`), where SigV4 (and AWS) keep it, so the signature of
 * every listing failed. A middleware before its router makes it compute `/bucket/` as AWS does.
 */
export async function startS3Fake(buckets: readonly string[] = ['teamline-test']): Promise<S3Fake> {
  const directory = await mkdtemp(join(tmpdir(), 'teamline-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  server.middleware.splice(server.middleware.length - 1, 0, (ctx: FakeContext, next: () => Promise<void>) => {
    if (/^\/[^/]+\/$/.test(ctx.path)) {
      // authentication.js: canonical URI = '/' + bucket + mountPath when vhost.
      ctx.state.vhost = true;
      ctx.mountPath = '/';
    }
    return next();
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    config: (bucket = buckets[0]!) => ({
      endpoint,
      bucket,
      region: 'us-east-1',
      ...S3_FAKE_KEY,
      forcePathStyle: true,
    }),
    async close() {
      // The SDK keeps connections alive; close would wait for them.
      server.httpServer.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

interface FakeContext {
  path: string;
  mountPath?: string;
  state: { vhost?: boolean };
}
