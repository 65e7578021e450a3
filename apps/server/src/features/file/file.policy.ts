import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { fileTypeFromStream } from 'file-type';
import type { TempFile } from '../../infra/storage.js';

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
 * The rule: bytes with a known signature must be an allowed type; bytes without one are accepted only
 * as UTF-8 text without NUL bytes, served as text/csv when the name says .csv and text/plain
 * otherwise — so a text file named .png is stored and served as text, never as an image.
 */
function decide(detectedMime: string | undefined, isText: boolean, fileName: string): string | null {
  if (detectedMime) return allowedBinary.has(detectedMime) ? detectedMime : null;
  if (!isText) return null;
  return /\.csv$/i.test(fileName) ? 'text/csv' : 'text/plain';
}

/** The content type of a written upload: the signature read from the file's head, text from the inspector. */
export async function detectAllowedTypeOfFile(
  temp: TempFile,
  inspector: UploadInspector,
  fileName: string,
): Promise<string | null> {
  // Read from the written bytes (local file or temporary object), only as far as the signature needs.
  const stream = await temp.openRead();
  const detected = await fileTypeFromStream(Readable.toWeb(stream) as ReadableStream<Uint8Array>).finally(
    () => stream.destroy(),
  );
  return decide(detected?.mime, inspector.finish(), fileName);
}

/**
 * Passes an upload through while counting its bytes (failing with `overLimit()` past `maxBytes`,
 * which aborts the write) and checking, chunk by chunk, whether it is UTF-8 text without NUL bytes —
 * so the whole file is never held in memory.
 */
export class UploadInspector extends Transform {
  size = 0;
  private text = true;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  constructor(
    private readonly maxBytes: number,
    private readonly overLimit: () => Error,
  ) {
    super();
  }

  inspect(chunk: Buffer): Error | null {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return this.overLimit();
    if (this.text) {
      if (chunk.includes(0)) this.text = false;
      else {
        try {
          this.decoder.decode(chunk, { stream: true });
        } catch {
          this.text = false;
        }
      }
    }
    return null;
  }

  /** Whether all the bytes seen were UTF-8 text without NUL (ends the decoder: call once, at the end). */
  finish(): boolean {
    if (this.text) {
      try {
        this.decoder.decode();
      } catch {
        this.text = false;
      }
    }
    return this.text;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const error = this.inspect(chunk);
    if (error) callback(error);
    else callback(null, chunk);
  }
}
