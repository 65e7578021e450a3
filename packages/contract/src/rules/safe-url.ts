/**
 * Which addresses the app stores and hands back (issue 30 "Trust"): an address a browser may follow
 * or load must not be able to run script (`javascript:`, `vbscript:`, `data:text/html`, …) wherever
 * it is shown: the app's pages, a public link, an export, a chat message, an e-mail.
 *
 * - A link (a story's `link`, a project link, a link in a document): `http://` or `https://` with a
 *   host, or `mailto:` with an address.
 * - An image in a document: `http(s)://`, the app's own project file (`teamline-file:{fileIdx}`,
 *   schemas/document.ts), or an embedded raster image (`data:image/png|jpeg|gif|webp;base64,…`) that
 *   documents written before images were files still hold (an `<img>` never runs script, and SVG is
 *   not among them).
 *
 * The raw text is checked, not only what `new URL` makes of it: the URL parser drops tabs and line
 * breaks anywhere and spaces around (`java\tscript:` parses as `javascript:`), so any whitespace or
 * control character refuses the address outright, and the scheme must be the first thing written.
 */
export const SAFE_URL_MAX = 2000;

// eslint-disable-next-line no-control-regex -- refusing control characters and whitespace is the point
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/;

function parsed(value: string): InstanceType<typeof URL> | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** An address a link may point to: http(s) with a host, or mailto with an address. */
export function isSafeUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > SAFE_URL_MAX) return false;
  if (SPACE_OR_CONTROL.test(value)) return false;
  if (/^https?:\/\//i.test(value)) {
    const url = parsed(value);
    return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  }
  if (/^mailto:/i.test(value)) return /^mailto:[^@/\\<>"]+@[^@/\\<>"]+$/i.test(value.split('?')[0] ?? '');
  return false;
}

/** An http(s) address only (what the link list previews and a webhook posts to). */
export const isHttpUrl = (value: unknown): value is string => isSafeUrl(value) && /^https?:/i.test(value);

/** The app's own file scheme in documents (schemas/document.ts `DOCUMENT_IMAGE_SCHEME`). */
const PROJECT_FILE_SRC = /^teamline-file:[1-9]\d{0,9}$/;
const RASTER_DATA_SRC = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

/** Where a document image may come from: a project file, an http(s) address, an embedded raster image. */
export function isSafeImageSrc(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (PROJECT_FILE_SRC.test(value)) return true;
  // Embedded images are as large as the document allows (DOCUMENT_CONTENT_MAX_BYTES), not SAFE_URL_MAX.
  if (value.startsWith('data:')) return RASTER_DATA_SRC.test(value);
  return isHttpUrl(value);
}
