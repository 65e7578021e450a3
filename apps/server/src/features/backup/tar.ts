import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';

/**
 * The smallest part of POSIX ustar a backup needs: regular files only, names up to 100 bytes, read
 * back by offset. A backup is a plain (uncompressed) tar so `tar -tf` lists it and restore reads
 * each member where it lies, never holding the archive in memory; the database member is gzipped
 * by PGlite and uploads are stored as they came.
 */
const BLOCK = 512;

export interface TarMember {
  name: string;
  size: number;
  /** Where the member's bytes start in the archive. */
  offset: number;
}

export class TarFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarFormatError';
  }
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mtime: Date): Buffer {
  const bytes = Buffer.from(name, 'utf8');
  if (bytes.length > 100) throw new TarFormatError(`member name longer than 100 bytes: ${name}`);
  const block = Buffer.alloc(BLOCK, 0);
  bytes.copy(block, 0);
  block.write(octal(0o600, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** Appends members one after the other; `sha256` of each member's bytes is returned as it is written. */
export class TarWriter {
  private position = 0;
  private constructor(private readonly handle: FileHandle) {}

  static async create(path: string): Promise<TarWriter> {
    return new TarWriter(await open(path, 'wx', 0o600));
  }

  private async write(bytes: Buffer) {
    await this.handle.write(bytes, 0, bytes.length, this.position);
    this.position += bytes.length;
  }

  private async pad(size: number) {
    const rest = (BLOCK - (size % BLOCK)) % BLOCK;
    if (rest) await this.write(Buffer.alloc(rest, 0));
  }

  async addBuffer(name: string, bytes: Buffer, mtime = new Date()): Promise<string> {
    await this.write(header(name, bytes.length, mtime));
    await this.write(bytes);
    await this.pad(bytes.length);
    return createHash('sha256').update(bytes).digest('hex');
  }

  /** A file of `size` bytes streamed in; a file that changes length meanwhile fails the backup. */
  async addStream(name: string, size: number, source: Readable, mtime = new Date()): Promise<string> {
    await this.write(header(name, size, mtime));
    const hash = createHash('sha256');
    let written = 0;
    for await (const chunk of source as AsyncIterable<Buffer>) {
      written += chunk.length;
      if (written > size) break;
      hash.update(chunk);
      await this.write(chunk);
    }
    if (written !== size) throw new TarFormatError(`${name} changed size while it was being copied`);
    await this.pad(size);
    return hash.digest('hex');
  }

  /** The two zero blocks that end an archive, then fsync and close. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2, 0));
    await this.handle.sync();
    await this.handle.close();
  }

  async abandon(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }
}

function readOctal(block: Buffer, start: number, width: number): number {
  const text = block
    .subarray(start, start + width)
    .toString('ascii')
    .replace(/[\0 ]+$/g, '')
    .trim();
  if (!/^[0-7]*$/.test(text)) throw new TarFormatError('a member header is damaged');
  return text ? parseInt(text, 8) : 0;
}

/** Every member of the archive at `path`, checking each header's checksum. */
export async function readTarIndex(path: string): Promise<TarMember[]> {
  const handle = await open(path, 'r');
  try {
    const { size: total } = await handle.stat();
    const members: TarMember[] = [];
    const block = Buffer.alloc(BLOCK);
    let position = 0;
    for (;;) {
      if (position + BLOCK > total) throw new TarFormatError('the archive ends before its last member');
      await handle.read(block, 0, BLOCK, position);
      if (block.every((byte) => byte === 0)) return members;
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
      if (readOctal(block, 148, 8) !== sum) throw new TarFormatError('a member header is damaged');
      const nameEnd = block.indexOf(0, 0);
      const name = block.subarray(0, nameEnd === -1 || nameEnd > 100 ? 100 : nameEnd).toString('utf8');
      const size = readOctal(block, 124, 12);
      const type = String.fromCharCode(block[156]!);
      if (type !== '0' && type !== '\0') throw new TarFormatError(`unexpected member type in ${name}`);
      const offset = position + BLOCK;
      if (offset + size > total) throw new TarFormatError(`${name} is cut short`);
      members.push({ name, size, offset });
      position = offset + Math.ceil(size / BLOCK) * BLOCK;
    }
  } finally {
    await handle.close();
  }
}

/** The bytes of one member, streamed from where they lie. */
export function openMember(path: string, member: TarMember): Readable {
  if (member.size === 0) return Readable.from([]);
  return createReadStream(path, { start: member.offset, end: member.offset + member.size - 1 });
}
