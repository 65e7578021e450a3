import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferPoolMbFor, databaseOnDisk } from './pglite-buffer-pool.js';

const MB = 2 ** 20;

describe("PGlite's buffer pool, sized to the database", () => {
  it.each([
    [0, 0, 32], // a new installation
    [11, 1, 32], // the demo data
    [16, 4, 32],
    [17, 4, 48], // twice the data, to the next 16 MB
    [20, 12, 48], // four times its largest table
    [29, 15, 64],
    [29, 17, 80],
    [64, 10, 128],
    [4096, 900, 128], // never over PGlite's own default
  ])('a database of %d MB whose largest table has %d MB gets %d MB', (data, largest, pool) => {
    expect(bufferPoolMbFor({ bytes: data * MB, largestRelationBytes: largest * MB })).toBe(pool);
  });

  it('measures the largest database of the data directory, not the templates beside it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamline-pool-'));
    try {
      expect(databaseOnDisk(dir)).toEqual({ bytes: 0, largestRelationBytes: 0 });
      const write = (database: string, file: string, bytes: number) => {
        mkdirSync(join(dir, 'base', database), { recursive: true });
        writeFileSync(join(dir, 'base', database, file), Buffer.alloc(bytes));
      };
      write('1', '1259', 9000);
      write('4', '1259', 9000);
      write('5', '1259', 3000);
      // One relation in three files: its main fork in two segments and its free-space map.
      write('5', '16384', 5000);
      write('5', '16384.1', 2000);
      write('5', '16384_fsm', 100);
      write('5', '16390', 4000);
      expect(databaseOnDisk(dir)).toEqual({ bytes: 14_100, largestRelationBytes: 7100 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
