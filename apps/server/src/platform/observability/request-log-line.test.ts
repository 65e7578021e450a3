import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logRequestCompleted, type RequestLine } from './request-log-line.js';

/** A pino logger configured as buildApp's (level, redaction, a `req` serializer), writing to an array. */
function logger(level: string) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const log = pino(
    {
      level,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.query.key'],
      serializers: {
        req: (req: RequestLine) => ({ method: req.method, url: req.url, remoteAddress: req.remoteAddress }),
      },
    },
    stream,
  );
  return { log, lines };
}

const line: RequestLine = {
  method: 'GET',
  url: '/api/member?note="quoted"\\and\u2028more',
  remoteAddress: '203.0.113.7',
  statusCode: 200,
  responseTime: 1.2345,
};

/** What pino writes for the same answer through its ordinary call. */
function pinoLine(log: pino.Logger, l: RequestLine) {
  log.info({ req: l, res: { statusCode: l.statusCode }, responseTime: l.responseTime }, 'request completed');
}

const parsed = (lines: string[]) => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
const withoutTime = ({ time, ...rest }: Record<string, unknown>) => (
  expect(time).toEqual(expect.any(Number)),
  rest
);

describe('the request completed line', () => {
  it("is what pino's own call writes, bindings (reqId, traceId) included", () => {
    const { log, lines } = logger('info');
    const child = log.child({ reqId: 'req-"1"' }).child({ traceId: 'abc' });
    logRequestCompleted(child, line);
    pinoLine(child, line);
    logRequestCompleted(child, { ...line, remoteAddress: undefined, statusCode: 404 });
    pinoLine(child, { ...line, remoteAddress: undefined, statusCode: 404 });
    expect(lines).toHaveLength(4);
    expect(lines.every((l) => l.endsWith('}\n'))).toBe(true);
    const [fast, slow, fastNoAddress, slowNoAddress] = parsed(lines).map(withoutTime);
    expect(fast).toEqual(slow);
    expect(fastNoAddress).toEqual(slowNoAddress);
    expect(fast).toMatchObject({
      level: 30,
      reqId: 'req-"1"',
      traceId: 'abc',
      req: { method: 'GET', url: line.url, remoteAddress: '203.0.113.7' },
      res: { statusCode: 200 },
      responseTime: 1.2345,
      msg: 'request completed',
    });
    expect(fastNoAddress).not.toHaveProperty('req.remoteAddress');
  });

  it('writes nothing below the logger level', () => {
    const { log, lines } = logger('warn');
    logRequestCompleted(log.child({ reqId: 'r' }), line);
    expect(lines).toEqual([]);
  });

  it('goes through the ordinary call on a logger that is not pino', () => {
    const calls: unknown[][] = [];
    const plain = { info: (...args: unknown[]) => void calls.push(args) } as unknown as Parameters<
      typeof logRequestCompleted
    >[0];
    logRequestCompleted(plain, line);
    expect(calls).toEqual([
      [
        {
          req: { method: 'GET', url: line.url, remoteAddress: '203.0.113.7' },
          res: { statusCode: 200 },
          responseTime: 1.2345,
        },
        'request completed',
      ],
    ]);
  });
});
