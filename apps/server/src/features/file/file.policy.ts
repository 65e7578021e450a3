import { fileTypeFromBuffer } from 'file-type';

/** Types the product accepts, decided from the bytes (a name or a client header can lie). */
const allowedBinary = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
]);

/**
 * The content type of an upload, or null when it is not allowed. Bytes with a known signature must be
 * an allowed type; bytes without one are accepted only as UTF-8 text without NUL bytes, served as
 * text/csv when the name says .csv and text/plain otherwise — so a text file named .png is stored
 * and served as text, never as an image.
 */
export async function detectAllowedType(bytes: Buffer, fileName: string): Promise<string | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return allowedBinary.has(detected.mime) ? detected.mime : null;
  if (bytes.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return /\.csv$/i.test(fileName) ? 'text/csv' : 'text/plain';
}
