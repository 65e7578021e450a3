import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite's buffer pool (PostgreSQL's `shared_buffers`) when `PGLITE_SHARED_BUFFERS_MB` is not set:
 * sized to the database it opens, because PGlite writes the whole pool through at start and its
 * WebAssembly memory never shrinks, so a pool larger than the data is resident memory that caches
 * nothing (docs/decisions.md "PGlite's buffer pool follows the database"). The pool is the larger of
 * - twice the data, which leaves room for it to grow until the next start sizes the pool again;
 * - four times the largest table or index: PostgreSQL reads a table larger than a quarter of the pool
 *   through a small ring of buffers instead of the pool, so each scan of it would read its files
 *   again;
 * rounded up to 16 MB, never under 32 MB nor over PGlite's own 128 MB.
 */
export const BUFFER_POOL_MIN_MB = 32;
export const BUFFER_POOL_MAX_MB = 128;
const MB = 2 ** 20;

export interface DatabaseOnDisk {
  bytes: number;
  largestRelationBytes: number;
}

export function bufferPoolMbFor({ bytes, largestRelationBytes }: DatabaseOnDisk): number {
  const wanted = Math.ceil(Math.max(2 * bytes, 4 * largestRelationBytes) / (16 * MB)) * 16;
  return Math.min(BUFFER_POOL_MAX_MB, Math.max(BUFFER_POOL_MIN_MB, wanted));
}

/**
 * The largest database of a PGlite data directory (`base/<oid>/`, one file per table or index and
 * fork): the app's own. The others are PostgreSQL's templates (~7 MB each), which the server never
 * reads. Zero before the first start.
 */
export function databaseOnDisk(dataDir: string): DatabaseOnDisk {
  const base = join(dataDir, 'base');
  let largest: DatabaseOnDisk = { bytes: 0, largestRelationBytes: 0 };
  let databases: string[];
  try {
    databases = readdirSync(base);
  } catch {
    return largest;
  }
  for (const database of databases) {
    const relations = new Map<string, number>();
    let bytes = 0;
    try {
      for (const file of readdirSync(join(base, database))) {
        const size = statSync(join(base, database, file)).size;
        bytes += size;
        // "16384", "16384.1" (the next gigabyte) and "16384_fsm" are all parts of relation 16384.
        const relation = /^\d+/.exec(file)?.[0] ?? file;
        relations.set(relation, (relations.get(relation) ?? 0) + size);
      }
    } catch {
      continue;
    }
    if (bytes > largest.bytes) largest = { bytes, largestRelationBytes: Math.max(0, ...relations.values()) };
  }
  return largest;
}
