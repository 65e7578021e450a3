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

/** The parts of a pino logger the line is made of (`pino.symbols`); null for a logger that is not pino. */
function pinoParts(log: FastifyBaseLogger) {
  const logger = log as unknown as Record<symbol, unknown> & { isLevelEnabled?: (level: string) => boolean };
  const stream = logger[streamSym] as { write?: (line: string) => unknown } | undefined;
  const time = logger[timeSym] as (() => string) | undefined;
  if (!stream?.write || typeof time !== 'function' || !logger.isLevelEnabled) return null;
  return {
    enabled: logger.isLevelEnabled('info'),
    /** `{"level":30` */
    start: (logger[lsCacheSym] as Record<number, string>)[INFO]!,
    /** `,"time":…` */
    time: () => time.call(logger),
    /** `,"pid":…,"hostname":…,"reqId":…` and any other binding */
    bindings: logger[chindingsSym] as string,
    /** `}` and the line's end */
    end: logger[endSym] as string,
    write: (line: string) => stream.write!(line),
  };
}

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
  const pino = pinoParts(log);
  if (!pino) {
    const { method, url, remoteAddress, statusCode, responseTime } = line;
    log.info({ req: { method, url, remoteAddress }, res: { statusCode }, responseTime }, 'request completed');
    return;
  }
  if (!pino.enabled) return;
  const address =
    line.remoteAddress === undefined ? '' : `,"remoteAddress":${JSON.stringify(line.remoteAddress)}`;
  const time = Number.isFinite(line.responseTime) ? line.responseTime : null;
  pino.write(
    `${pino.start}${pino.time()}${pino.bindings}` +
      `,"req":{"method":${JSON.stringify(line.method)},"url":${JSON.stringify(line.url)}${address}}` +
      `,"res":{"statusCode":${line.statusCode}},"responseTime":${time},"msg":"request completed"${pino.end}`,
  );
}
