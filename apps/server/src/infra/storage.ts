import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';

/** A stream written to a temporary object in storage, not yet under its key. */
export interface TempFile {
  /** The written bytes from the start, for reading the type from them (read only what is needed, then destroy). */
  openRead(): Promise<Readable>;
  /** Moves the bytes into place under `key`. */
  commit(key: string): Promise<void>;
  /** Deletes the temporary bytes (safe to call more than once, or after a commit failed). */
  discard(): Promise<void>;
}

/** Bytes `start` to `end`, both included (an HTTP `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/** One stored object, as listed. */
export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

/**
 * Uploaded bytes: a local folder (the default) or an S3-compatible bucket (`S3_BUCKET`). Keys are
 * server-generated, never user-supplied names. Every stored file goes through this interface.
 */
export interface Storage {
  /** `local` or `s3`, for logs and the migration script. */
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /**
   * The bytes as a stream (an archive of many files is never held whole), or only `range` of them,
   * or null when absent.
   */
  openRead(key: string, range?: ByteRange): Promise<Readable | null>;
  /**
   * Streams `source` (through `transforms`, which may count and abort) into a temporary object,
   * chunk by chunk; on any error the partial object is deleted and the error rethrown.
   */
  writeTemp(source: Readable, ...transforms: NodeJS.ReadWriteStream[]): Promise<TempFile>;
  /** Deletes the bytes under `key`; nothing happens when they are already gone (deletions are retried). */
  remove(key: string): Promise<void>;
  /** Deletes temporary uploads last written before `before` (a crash mid-upload leaves them); returns how many. */
  sweepTemp(before: Date): Promise<number>;
  /** Every stored object whose key starts with `prefix` (all of them when empty). */
  list(prefix?: string): AsyncIterable<StoredObject>;
  /** The size of the bytes under `key`, or null when absent. */
  size(key: string): Promise<number | null>;
}

/** Temporary uploads start with this prefix; no key does (keys are UUIDs). */
export const TEMP_PREFIX = '.upload-';

export function createLocalStorage(dir: string): Storage {
  async function* list(prefix = ''): AsyncIterable<StoredObject> {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.startsWith(prefix))) {
      const info = await stat(join(dir, name)).catch(() => null);
      if (info?.isFile()) yield { key: name, size: info.size, lastModified: info.mtime };
    }
  }
  return {
    kind: 'local',
    async put(key, bytes) {
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, key), bytes);
    },
    async get(key) {
      try {
        return await readFile(join(dir, key));
      } catch {
        return null;
      }
    },
    async openRead(key, range) {
      const path = join(dir, key);
      if (!(await stat(path).catch(() => null))?.isFile()) return null;
      return createReadStream(path, range ? { start: range.start, end: range.end } : {});
    },
    async writeTemp(source, ...transforms) {
      await mkdir(dir, { recursive: true });
      const path = join(dir, `${TEMP_PREFIX}${randomUUID()}`);
      const discard = () => rm(path, { force: true });
      try {
        await pipeline([source, ...transforms, createWriteStream(path, { flags: 'wx' })]);
      } catch (error) {
        await discard();
        throw error;
      }
      return {
        openRead: async () => createReadStream(path),
        commit: (key) => rename(path, join(dir, key)),
        discard,
      };
    },
    async remove(key) {
      await rm(join(dir, key), { force: true });
    },
    async sweepTemp(before) {
      let removed = 0;
      for await (const object of list(TEMP_PREFIX)) {
        if (object.lastModified < before) {
          await rm(join(dir, object.key), { force: true });
          removed++;
        }
      }
      return removed;
    },
    list,
    async size(key) {
      const info = await stat(join(dir, key)).catch(() => null);
      return info?.isFile() ? info.size : null;
    },
  };
}

export interface S3StorageConfig {
  /** Unset: AWS itself (the region's endpoint). */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
}

/** Parts of a streamed upload: S3's least part size; at most two are held per upload (`queueSize`). */
const PART_BYTES = 5 * 1024 * 1024;

const isMissing = (error: unknown): boolean => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * An S3-compatible bucket (AWS, MinIO, R2, Ceph…), signed with SigV4. Uploads stream as multipart
 * parts to a temporary key (`.upload-…`), which the quota and size checks may abort midway; the
 * type is read from the temporary object's head; commit copies it under its key and deletes the
 * temporary one. Interrupted uploads are found by the sweep (objects and unfinished multipart
 * uploads under the temporary prefix).
 */
export function createS3Storage(config: S3StorageConfig): Storage & { client: S3Client } {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: many S3-compatible servers reject the newer
    // aws-chunked trailing checksums the SDK sends by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  async function openRead(key: string, range?: ByteRange): Promise<Readable | null> {
    try {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function remove(key: string): Promise<void> {
    await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
  }

  async function* list(prefix = ''): AsyncIterable<StoredObject> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }),
      );
      for (const object of page.Contents ?? [])
        if (object.Key)
          yield { key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) };
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    kind: 's3',
    client,
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes }));
    },
    async get(key) {
      const stream = await openRead(key);
      if (!stream) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    openRead,
    async writeTemp(source, ...transforms) {
      const tempKey = `${TEMP_PREFIX}${randomUUID()}`;
      const body = new PassThrough();
      const upload = new Upload({
        client,
        params: { Bucket, Key: tempKey, Body: body },
        partSize: PART_BYTES,
        queueSize: 2,
        leavePartsOnError: false,
      });
      const discard = () => remove(tempKey);
      try {
        const uploaded = upload.done();
        // Either side failing ends the other: a refused chunk aborts the upload, a failed upload
        // stops reading the source.
        const written = pipeline([source, ...transforms, body]);
        written.catch(() => upload.abort().catch(() => undefined));
        uploaded.catch((error: Error) => body.destroy(error));
        const results = await Promise.allSettled([written, uploaded]);
        const failed = results.find((r) => r.status === 'rejected');
        if (failed) throw failed.reason;
      } catch (error) {
        body.destroy();
        await discard().catch(() => undefined);
        throw error;
      }
      return {
        openRead: async () => {
          const stream = await openRead(tempKey);
          if (!stream) throw new Error(`temporary upload ${tempKey} is gone`);
          return stream;
        },
        async commit(key) {
          await client.send(
            new CopyObjectCommand({
              Bucket,
              Key: key,
              CopySource: `${Bucket}/${encodeURIComponent(tempKey)}`,
            }),
          );
          await discard().catch(() => undefined);
        },
        discard,
      };
    },
    remove,
    async sweepTemp(before) {
      let removed = 0;
      for await (const object of list(TEMP_PREFIX)) {
        if (object.lastModified < before) {
          await remove(object.key);
          removed++;
        }
      }
      // A process killed mid-upload leaves parts of an unfinished multipart upload, billed but unlisted.
      const open = await client
        .send(new ListMultipartUploadsCommand({ Bucket, Prefix: TEMP_PREFIX }))
        .catch(() => null);
      for (const upload of open?.Uploads ?? [])
        if (upload.Key && upload.UploadId && upload.Initiated && upload.Initiated < before)
          await client
            .send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }))
            .catch(() => undefined);
      return removed;
    },
    list,
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
  };
}
