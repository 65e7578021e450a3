import { api } from '../../lib/api';

/** docs/product/i18n-and-modes.md#widgets: profile images cached in memory per file id and fetched once per id. */
const cache = new Map<number, Promise<string | null>>();

export function loadFileUrl(
  fileIdx: number,
  fetchBlob: (fileIdx: number) => Promise<Blob> = defaultFetch,
): Promise<string | null> {
  let entry = cache.get(fileIdx);
  if (!entry) {
    entry = fetchBlob(fileIdx)
      .then((blob) => URL.createObjectURL(blob))
      .catch((error: unknown) => {
        // docs/product/i18n-and-modes.md#images: a failed image is logged and results in an empty image (the initial fallback).
        console.error(error);
        return null;
      });
    cache.set(fileIdx, entry);
  }
  return entry;
}

function defaultFetch(fileIdx: number): Promise<Blob> {
  return api.file('file', { query: { fileIdx } });
}

export function clearFileCache(): void {
  cache.clear();
}

/** The fallback letter: the nickname's first character (a whole grapheme, upper-cased). */
export function initialOf(nickname: string | null | undefined): string {
  const first = Array.from((nickname ?? '').trim())[0];
  return first ? first.toUpperCase() : '?';
}
