import { documentApi } from './api/document-api';

/** Asked again this long before an address runs out, so an image never gets one about to expire. */
const MARGIN_MS = 60_000;
const signed = new Map<number, Promise<{ url: string; expiresAt: string }>>();

/**
 * A short-lived signed address of a document's image file (`teamline-file:{fileIdx}`), shared by
 * every image of that file on the page and reused until shortly before it runs out. `fresh`: the
 * browser failed to load the last one (a page left open past its expiry): ask again.
 */
export async function imageUrlOf(fileIdx: number, fresh = false): Promise<string> {
  const known = fresh ? undefined : signed.get(fileIdx);
  if (known) {
    const got = await known.catch(() => undefined);
    if (got && Date.parse(got.expiresAt) - Date.now() > MARGIN_MS) return got.url;
    // Failed or about to run out: another image of the file may have asked again meanwhile.
    const current = signed.get(fileIdx);
    if (current && current !== known) return (await current).url;
  }
  // Stored before the first await, so images of one file appearing together ask once.
  const next = documentApi.fileUrl(fileIdx);
  signed.set(fileIdx, next);
  return (await next).url;
}
