import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { batchedLines } from './log-destination.js';

describe('log lines in batches', () => {
  it('holds lines until a batch is full, then writes them at once, in order', () => {
    const writes: string[] = [];
    const lines = batchedLines((chunk) => writes.push(chunk), 10);
    lines.write('one\n');
    lines.write('two\n');
    expect(writes).toEqual([]);
    lines.write('three\n');
    expect(writes).toEqual(['one\ntwo\nthree\n']);
    lines.write('four\n');
    lines.flushSync();
    lines.flushSync();
    expect(writes).toEqual(['one\ntwo\nthree\n', 'four\n']);
  });

  it.each([
    ['exits', 'process.exit(3)', 3],
    ['throws', "setImmediate(() => { throw new Error('fatal') })", 1],
  ])('writes what is held when the process %s', (_how, end, code) => {
    const module = join(import.meta.dirname, 'log-destination.ts');
    const script = `
      const { batchedStandardOutput } = await import(${JSON.stringify(module)});
      const out = batchedStandardOutput();
      for (let i = 0; i < 3; i++) out.write('line ' + i + '\\n');
      ${end};`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(child.status).toBe(code);
    expect(child.stdout).toBe('line 0\nline 1\nline 2\n');
  });
});
