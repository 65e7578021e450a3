import type { RawData } from 'ws';

/** The text of a WebSocket message, whichever of its buffer shapes `ws` delivered it in. */
export function wsText(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  if (Buffer.isBuffer(raw)) return raw.toString('utf8');
  return Buffer.from(raw).toString('utf8');
}
