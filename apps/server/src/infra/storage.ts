import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A stream written to a temporary file in the storage folder, not yet under its key. */
export interface TempFile {
  /** Where the bytes are, for reading the type from them. */
  path: string;
  /** Renames the file into place under `key`. */
  commit(key: string): Promise<void>;
  /** Deletes the temporary file (safe to call more than once, or after a commit failed). */
  discard(): Promise<void>;
}

/** Uploaded bytes on local disk; keys are server-generated, never user-supplied names. */
export interface Storage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** The bytes as a stream (an archive of many files is never held whole), or null when absent. */
  openRead(key: string): Promise<Readable | null>;
  /**
   * Streams `source` (through `transforms`, which may count and abort) into a temporary file in the
   * storage folder, chunk by chunk; on any error the partial file is deleted and the error rethrown.
   */
  writeTemp(source: Readable, ...transforms: NodeJS.ReadWriteStream[]): Promise<TempFile>;
  /** Deletes the bytes under `key`; nothing happens when they are already gone (deletions are retried). */
  remove(key: string): Promise<void>;
  /** Deletes temporary uploads last written before `before` (a crash mid-upload leaves them); returns how many. */
  sweepTemp(before: Date): Promise<number>;
}

/** Temporary uploads start with this prefix; no key does (keys are UUIDs). */
export const TEMP_PREFIX = '.upload-';

export function createLocalStorage(dir: string): Storage {
  return {
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
    async openRead(key) {
      const path = join(dir, key);
      if (!(await stat(path).catch(() => null))?.isFile()) return null;
      return createReadStream(path);
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
        path,
        commit: (key) => rename(path, join(dir, key)),
        discard,
      };
    },
    async remove(key) {
      await rm(join(dir, key), { force: true });
    },
    async sweepTemp(before) {
      const names = await readdir(dir).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names.filter((n) => n.startsWith(TEMP_PREFIX))) {
        const path = join(dir, name);
        const info = await stat(path).catch(() => null);
        if (info && info.mtime < before) {
          await rm(path, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
