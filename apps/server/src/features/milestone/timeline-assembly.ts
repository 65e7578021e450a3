import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';

const deflateRawAsync = promisify(deflateRaw);

/**
 * A piece of the timeline's body: its bytes, and the same bytes compressed on their own as raw
 * deflate blocks ending in a sync flush (byte-aligned, not final). Such blocks laid one after another
 * are one valid deflate stream, because none refers back into another piece: a gzip answer is then
 * the pieces' compressed bytes between a header and a trailer, and a change recompresses only the
 * pieces it touched (a milestone with its stories), not the whole plan.
 */
export interface TimelinePiece {
  bytes: Buffer;
  deflated: Buffer;
}

const LEVEL = 6;
const flushed = { level: LEVEL, finishFlush: constants.Z_SYNC_FLUSH };

/** A piece compressed on the thread pool (a milestone's JSON: up to a few hundred KB). */
export async function pieceOf(bytes: Buffer): Promise<TimelinePiece> {
  return { bytes, deflated: await deflateRawAsync(bytes, flushed) };
}

/** A small piece (the body's opening and closing text, the commas) compressed at once. */
export function smallPieceOf(text: string): TimelinePiece {
  const bytes = Buffer.from(text);
  return { bytes, deflated: deflateRawSync(bytes, flushed) };
}

// RFC 1952: magic, deflate, no flags, no time, no extra flags, unknown system.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// The final, empty block that ends the deflate stream.
const LAST_BLOCK = deflateRawSync(Buffer.alloc(0), { level: LEVEL });

/** The body the pieces make, and the same body as gzip (CRC-32 and length of the whole in the trailer). */
export function assemble(pieces: readonly TimelinePiece[]): { body: Buffer; gzip: Buffer } {
  const body = Buffer.concat(pieces.map((p) => p.bytes));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(body), 0);
  trailer.writeUInt32LE(body.length % 2 ** 32, 4);
  return { body, gzip: Buffer.concat([GZIP_HEADER, ...pieces.map((p) => p.deflated), LAST_BLOCK, trailer]) };
}
