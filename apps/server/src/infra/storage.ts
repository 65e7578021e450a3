import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Uploaded bytes on local disk; keys are server-generated, never user-supplied names. */
export interface Storage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
}

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
  };
}
