import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

const { lsCacheSym, timeSym, chindingsSym, endSym, streamSym } = pino.symbols;
const INFO = 30;

/** What the request log says about one answer (the URL already without its secrets). */
export interface RequestLine {
  method: string;
  url: string;
  remoteAddress: string | undefined;
  statusCode: number;
  responseTime: number;
}

/** A pino logger's parts the line is made of (`pino.symbols`), read without copying them. */
type PinoLogger = FastifyBaseLogger &
  Record<symbol, unknown> & {
    isLevelEnabled: (level: string) => boolean;
  };

const isPino = (log: FastifyBaseLogger): log is PinoLogger =>
  typeof (log as Partial<PinoLogger>).isLevelEnabled === 'function' &&
  typeof (log as PinoLogger)[timeSym] === 'function' &&
  typeof ((log as PinoLogger)[streamSym] as { write?: unknown } | undefined)?.write === 'function';

/**
 * Writes the "request completed" line exactly as `log.info({ req, res, responseTime }, 'request
 * completed')` would, with the logger's own prefix (level, time, pid, hostname and its bindings:
 * `reqId`, a trace's `traceId`) and stream, but as one template instead of pino's walk over the
 * object, its serializers and its redaction: that walk was most of the line's cost, about a tenth of
 * an authenticated light read's throughput at `info` (docs/decisions.md "Performance"). Nothing in
 * the line can hold a secret: the URL comes redacted and there are no headers. The app's logger has
 * no mixin, formatter or nested key (buildApp configures it), so the template is pino's whole format;
 * a logger that is not pino (tests' `logger: false`) gets the ordinary call.
 */
export function logRequestCompleted(log: FastifyBaseLogger, line: RequestLine): void {
  if (!isPino(log)) {
    const { method, url, remoteAddress, statusCode, responseTime } = line;
    log.info({ req: { method, url, remoteAddress }, res: { statusCode }, responseTime }, 'request completed');
    return;
  }
  if (!log.isLevelEnabled('info')) return;
  const address =
    line.remoteAddress === undefined ? '' : `,"remoteAddress":${JSON.stringify(line.remoteAddress)}`;
  const time = Number.isFinite(line.responseTime) ? line.responseTime : null;
  // `{"level":30`, `,"time":…`, `,"pid":…,"hostname":…,"reqId":…` (and any other binding), `}` and the end of line.
  const start = (log[lsCacheSym] as Record<number, string>)[INFO]!;
  const now = (log[timeSym] as () => string).call(log);
  const bindings = log[chindingsSym] as string;
  const end = log[endSym] as string;
  (log[streamSym] as { write: (text: string) => unknown }).write(
    `${start}${now}${bindings}` +
      `,"req":{"method":${JSON.stringify(line.method)},"url":${JSON.stringify(line.url)}${address}}` +
      `,"res":{"statusCode":${line.statusCode}},"responseTime":${time},"msg":"request completed"${end}`,
  );
}
