import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import yazl from 'yazl';
import type { Storage } from '../../infra/storage.js';
import type { ArchiveSection, ArchivedFile } from './my-data.repository.js';

/** Types already compressed: stored as they are, so the job spends no time deflating them again. */
const compressed = /^(image\/(png|jpeg|gif|webp)|application\/(pdf|vnd\.openxmlformats))/;

/** A stored name as a safe path inside the archive: no folders, no control characters. */
const entryName = (file: Pick<ArchivedFile, 'fileIdx' | 'originalName'>) =>
  `files/${file.fileIdx}-${file.originalName.replace(/[\\/:*?"<>|\x7f]|[^\x20-\uffff]/g, '_').slice(0, 120) || 'file'}`;

/**
 * Writes the archive of "My data" into storage as a zip, streamed: the JSON files (one per
 * section, plus `files.json` listing the stored files) and then each stored file, read from storage
 * one at a time while the zip is written (yazl asks for a file's stream only when it gets to it), so
 * a member with many files never has them in memory at once. `onProgress` gets 0–100 as parts are
 * written. Returns the key it is stored under and its size.
 */
export async function writeArchive(
  storage: Storage,
  sections: readonly ArchiveSection[],
  files: readonly ArchivedFile[],
  onProgress: (percent: number) => void,
): Promise<{ storageKey: string; size: number }> {
  const zip = new yazl.ZipFile();
  const total = sections.length + 1 + files.length;
  let done = 0;
  const step = () => {
    done++;
    onProgress(Math.min(99, Math.floor((done * 100) / total)));
  };

  for (const section of sections) {
    zip.addBuffer(Buffer.from(JSON.stringify(section.rows, null, 2)), `${section.name}.json`);
    step();
  }
  const listed = files.map(({ storageKey: _key, ...file }) => ({ ...file, path: entryName(file) }));
  zip.addBuffer(Buffer.from(JSON.stringify(listed, null, 2)), 'files.json');
  step();

  for (const file of files)
    zip.addReadStreamLazy(
      entryName(file),
      { mtime: file.createdAt, compress: !compressed.test(file.mime) },
      (callback) => {
        storage.openRead(file.storageKey).then(
          (stream) => {
            // Bytes gone meanwhile (deleted since the list was read): an empty entry, the list says what it was.
            const source = stream ?? Readable.from([]);
            source.once('end', step);
            callback(null, source);
          },
          (error: Error) => callback(error, Readable.from([])),
        );
      },
    );
  zip.end();

  const output = zip.outputStream as Readable;
  // A failing read stream is reported on the zip file; end the output with it so the write fails.
  zip.on('error', (error: Error) => output.destroy(error));
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const temp = await storage.writeTemp(output, counter);
  const storageKey = `export-${randomUUID()}`;
  try {
    await temp.commit(storageKey);
  } catch (error) {
    await temp.discard();
    throw error;
  }
  return { storageKey, size };
}
