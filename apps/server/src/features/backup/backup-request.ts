import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * How `npm run backup` asks a running server for a backup: the server holds the data folder's lock,
 * so the command drops a request file into `DATA_DIR/backup-requests/`; the server claims it (a
 * rename), queues the durable `backup.create` job and writes the outcome beside it, which the
 * command waits for. Whoever can write into DATA_DIR already owns everything in it.
 */
export const REQUEST_FOLDER = 'backup-requests';

export interface BackupRequest {
  id: string;
  outDir: string;
}

export type BackupOutcome =
  | {
      ok: true;
      path: string;
      tables: number;
      rows: number;
      files: number;
      bytes: number;
      /** The files are in this bucket, not in the archive. */
      filesBucket?: string;
    }
  | { ok: false; error: string };

const folderOf = (dataDir: string) => join(dataDir, REQUEST_FOLDER);

async function writeAtomically(path: string, text: string) {
  await writeFile(`${path}.tmp`, text, { mode: 0o600 });
  await rename(`${path}.tmp`, path);
}

/** The command's side: drops a request for an archive in `outDir`. */
export async function fileBackupRequest(dataDir: string, outDir: string): Promise<BackupRequest> {
  const request = { id: randomUUID(), outDir };
  await mkdir(folderOf(dataDir), { recursive: true });
  await writeAtomically(join(folderOf(dataDir), `${request.id}.request.json`), JSON.stringify(request));
  return request;
}

/** The command's side: waits for the outcome (null after `timeoutMs`), then tidies the request's files. */
export async function awaitBackupOutcome(
  dataDir: string,
  id: string,
  timeoutMs: number,
): Promise<BackupOutcome | null> {
  const folder = folderOf(dataDir);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const text = await readFile(join(folder, `${id}.outcome.json`), 'utf8').catch(() => null);
    if (text !== null) {
      for (const suffix of ['outcome', 'taken', 'request'])
        await rm(join(folder, `${id}.${suffix}.json`), { force: true });
      return JSON.parse(text) as BackupOutcome;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
}

/** The server's side: requests not yet claimed, each claimed by renaming it (one taker). */
export async function claimBackupRequests(dataDir: string): Promise<BackupRequest[]> {
  const folder = folderOf(dataDir);
  const names = await readdir(folder).catch(() => [] as string[]);
  const claimed: BackupRequest[] = [];
  for (const name of names.filter((n) => n.endsWith('.request.json'))) {
    const id = name.slice(0, -'.request.json'.length);
    const taken = join(folder, `${id}.taken.json`);
    try {
      await rename(join(folder, name), taken);
      const request = JSON.parse(await readFile(taken, 'utf8')) as BackupRequest;
      if (request.id === id && typeof request.outDir === 'string') claimed.push(request);
    } catch {
      // Claimed by someone else, or not a request: leave it.
    }
  }
  return claimed;
}

/** The server's side: the outcome the waiting command reads. */
export async function reportBackupOutcome(dataDir: string, id: string, outcome: BackupOutcome) {
  await mkdir(folderOf(dataDir), { recursive: true });
  await writeAtomically(join(folderOf(dataDir), `${id}.outcome.json`), JSON.stringify(outcome));
}
