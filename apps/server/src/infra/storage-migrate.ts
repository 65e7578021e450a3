import { createHash } from 'node:crypto';
import { TEMP_PREFIX, type Storage } from './storage.js';

export interface MigrationReport {
  /** Objects in the source (temporary uploads left out). */
  total: number;
  /** Copied now and verified. */
  copied: number;
  /** Already in the target with the same size and hash: left as they were. */
  alreadyThere: number;
  /** Keys whose copy could not be made or did not verify. */
  failed: { key: string; reason: string }[];
}

/** SHA-256 and size of a stored object, read as a stream; null when absent. */
async function digestOf(storage: Storage, key: string): Promise<{ size: number; sha256: string } | null> {
  const stream = await storage.openRead(key);
  if (!stream) return null;
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    hash.update(chunk as Buffer);
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * `npm run files:migrate`: copies every stored file of `source` (the local folder) into `target`
 * (the bucket) under the same key, streamed, and verifies each copy by reading it back (size and
 * SHA-256). Idempotent: an object already in the target with the same size and hash is left alone,
 * one that differs (a copy cut off earlier) is copied again. The source is never changed.
 */
export async function migrateStorage(
  source: Storage,
  target: Storage,
  onProgress: (line: string) => void = () => undefined,
): Promise<MigrationReport> {
  const report: MigrationReport = { total: 0, copied: 0, alreadyThere: 0, failed: [] };
  for await (const object of source.list()) {
    if (object.key.startsWith(TEMP_PREFIX)) continue;
    report.total++;
    try {
      const expected = await digestOf(source, object.key);
      if (!expected) continue; // deleted meanwhile
      if ((await target.size(object.key)) === expected.size) {
        const there = await digestOf(target, object.key);
        if (there?.sha256 === expected.sha256) {
          report.alreadyThere++;
          continue;
        }
      }
      const stream = await source.openRead(object.key);
      if (!stream) continue;
      const temp = await target.writeTemp(stream);
      try {
        await temp.commit(object.key);
      } catch (error) {
        await temp.discard();
        throw error;
      }
      const copied = await digestOf(target, object.key);
      if (copied?.size !== expected.size || copied.sha256 !== expected.sha256)
        throw new Error(`verification failed: ${copied?.size ?? 'no'} bytes copied of ${expected.size}`);
      report.copied++;
      onProgress(`copied ${object.key} (${expected.size} bytes)`);
    } catch (error) {
      report.failed.push({ key: object.key, reason: (error as Error).message });
      onProgress(`FAILED ${object.key}: ${(error as Error).message}`);
    }
  }
  return report;
}
