import { crc32, deflateSync } from 'node:zlib';

/**
 * The app's mark (the favicon's green rounded square with a white T) as a 64 × 64 PNG, drawn once:
 * Discord's `avatar_url` and Dooray's `botIconImage` must be an image address, and the app has no
 * image file of its own.
 */
function drawIcon(): Buffer {
  const size = 64;
  const green = [0x00, 0x7a, 0x55, 0xff];
  const white = [0xff, 0xff, 0xff, 0xff];
  const clear = [0, 0, 0, 0];
  const radius = 16;
  const inT = (x: number, y: number) =>
    (x >= 18 && x < 46 && y >= 20 && y < 26) || (x >= 29 && x < 35 && y >= 26 && y < 48);
  const inside = (x: number, y: number) => {
    const cx = x < radius ? radius : x >= size - radius ? size - radius - 1 : x;
    const cy = y < radius ? radius : y >= size - radius ? size - radius - 1 : y;
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
  };
  const raw = Buffer.alloc(size * (1 + size * 4));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 4);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const pixel = !inside(x, y) ? clear : inT(x, y) ? white : green;
      raw.set(pixel, row + 1 + x * 4);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let icon: Buffer | null = null;
export const webhookIcon = (): Buffer => (icon ??= drawIcon());
