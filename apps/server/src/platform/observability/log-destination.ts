import pino from 'pino';

/** Bytes held before a write, and the longest a quiet line waits. */
const BATCH_BYTES = 4096;
const QUIET_FLUSH_MS = 100;

/**
 * Where the server's log lines go: standard output, in batches of at least 4 KB, and whatever waits
 * after 100 ms when it is quiet, instead of a write per line. At `info` the request log's write
 * per answer cost about a sixth of an authenticated light read's throughput (docs/decisions.md
 * "Performance"). Pino writes what is held when the process exits, whatever the exit (a signal's
 * drain, a fatal error); a kill -9 loses at most the last 100 ms of lines. The audit trail is in
 * the database, not here.
 */
export const batchedStandardOutput = () =>
  pino.destination({ dest: 1, minLength: BATCH_BYTES, periodicFlush: QUIET_FLUSH_MS });
