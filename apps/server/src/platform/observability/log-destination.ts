import pino from 'pino';

/** Bytes held before a write, and the longest a quiet line waits. */
const BATCH_BYTES = 4096;
const QUIET_FLUSH_MS = 100;

/** A log destination that holds lines and hands them to `write` in batches. */
export interface BatchedLines {
  write: (line: string) => void;
  /** Writes what is held now (a quiet moment, the process's exit). */
  flushSync: () => void;
}

/**
 * Holds lines in an array and hands them to `write` joined, once at least `batchBytes` are held
 * (counted in UTF-16 units: a threshold, not a size on the wire). Each line costs an array push.
 * pino's own `minLength` costs more: sonic-boom measures the whole held string's UTF-8 length again
 * at every line, about 1–3 µs a line at 4 KB, a few percent of a light read's time.
 */
export function batchedLines(write: (chunk: string) => void, batchBytes = BATCH_BYTES): BatchedLines {
  let held: string[] = [];
  let size = 0;
  const flushSync = () => {
    if (size === 0) return;
    const chunk = held.join('');
    held = [];
    size = 0;
    write(chunk);
  };
  return {
    write: (line) => {
      held.push(line);
      size += line.length;
      if (size >= batchBytes) flushSync();
    },
    flushSync,
  };
}

let standardOutput: BatchedLines | null = null;

/**
 * Where the server's log lines go: standard output, in batches of at least 4 KB, and whatever waits
 * after 100 ms when it is quiet, instead of a write per line. At `info` the request log's write
 * per answer cost about a sixth of an authenticated light read's throughput (docs/decisions.md
 * "Performance"). Batches are written synchronously (pino's default for standard output), so what
 * is held is written when the process exits, whatever the exit (a signal's drain, a fatal error); a
 * kill -9 loses at most the last 100 ms of lines. The audit trail is in the database, not here. One
 * per process: every app built in it shares it.
 */
export function batchedStandardOutput(): BatchedLines {
  if (standardOutput) return standardOutput;
  // sonic-boom writes each batch and retries while a full pipe answers EAGAIN.
  const out = pino.destination({ dest: 1, sync: true });
  const lines = batchedLines((chunk) => out.write(chunk));
  setInterval(lines.flushSync, QUIET_FLUSH_MS).unref();
  process.on('exit', lines.flushSync);
  standardOutput = lines;
  return lines;
}
