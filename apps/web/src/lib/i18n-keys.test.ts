import { keyPaths, resources } from '@teamline/contract/i18n';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('translations used by the web app', () => {
  const known = new Set(keyPaths(resources.en).map((k) => k.replace(/_(one|other)$/, '')));
  const used = new Set<string>();
  for (const file of sourceFiles(join(import.meta.dirname, '..'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/['`](ui\.[A-Za-z0-9_.]+)['`]/g)) {
      if (match[1]) used.add(match[1]);
    }
  }

  it('finds the literal keys', () => {
    expect(used.size).toBeGreaterThan(100);
  });

  it.each([...used])('%s exists in every language', (key) => {
    expect(known.has(key)).toBe(true);
    for (const lang of ['kr', 'vi'] as const) {
      const paths = new Set(keyPaths(resources[lang]).map((k) => k.replace(/_(one|other)$/, '')));
      expect(paths.has(key)).toBe(true);
    }
  });
});
