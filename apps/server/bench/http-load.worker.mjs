// The load generator's client (`http-load.ts`), in a worker thread of the bench. It speaks HTTP/1.1
// over raw keep-alive sockets, one request at a time on each, and reads each answer only as far as it
// must to find its end (status line, Content-Length or chunked framing), as wrk and autocannon do:
// Node's `http` client costs more per request than a bare Fastify server does, so with it the client
// was the ceiling (about 4,800 req/s on this machine), not the server.
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const { host, port, paths, headers, connections, maxRequests, maxMs, timeoutMs } = workerData;

const headerLines = Object.entries(headers)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');
/** One request per path, built once; each request takes the next path in turn. */
const requests = paths.map((path) =>
  Buffer.from(`GET ${path} HTTP/1.1\r\nhost: ${host}:${port}\r\n${headerLines}\r\n`, 'latin1'),
);

const latencies = [];
let sent = 0;
let errors = 0;
let timeouts = 0;
let bytes = 0;
let open = connections;
const start = performance.now();
const timeLeft = () => performance.now() - start < maxMs;

/** Reads answers off one socket: returns false once the stream broke the framing it expects. */
function createParser(onAnswer) {
  let pending = Buffer.alloc(0);
  let state = 'head'; // 'head' | 'skip' | 'chunk-size' | 'trailer'
  let status = 0;
  /** In 'skip': bytes of a body or chunk still to pass over, then `afterSkip`. */
  let remaining = 0;
  let afterSkip = () => {};
  const answered = () => {
    state = 'head';
    onAnswer(status);
  };
  const skip = (count, then) => {
    remaining = count;
    afterSkip = then;
    state = 'skip';
  };
  const chunkSize = () => (state = 'chunk-size');
  return (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let at = 0;
    for (;;) {
      if (state === 'head') {
        const end = pending.indexOf('\r\n\r\n', at, 'latin1');
        if (end < 0) break;
        const head = pending.toString('latin1', at, end).toLowerCase();
        status = Number(head.slice(9, 12));
        at = end + 4;
        const length = /\r\ncontent-length: *(\d+)/.exec(head);
        if (status === 204 || status === 304) answered();
        else if (length) skip(Number(length[1]), answered);
        else if (/\r\ntransfer-encoding: *chunked/.test(head)) chunkSize();
        else return false; // an answer that ends only when the socket closes: not what we measure
      } else if (state === 'skip') {
        const take = Math.min(remaining, pending.length - at);
        at += take;
        remaining -= take;
        if (remaining > 0) break;
        afterSkip();
      } else if (state === 'chunk-size') {
        const end = pending.indexOf('\r\n', at, 'latin1');
        if (end < 0) break;
        const size = parseInt(pending.toString('latin1', at, end), 16);
        at = end + 2;
        if (size === 0) state = 'trailer';
        else skip(size + 2, chunkSize); // the chunk and its own CRLF
      } else {
        // The last chunk: an empty line ends the answer (trailer fields are skipped).
        const end = pending.indexOf('\r\n', at, 'latin1');
        if (end < 0) break;
        const empty = end === at;
        at = end + 2;
        if (empty) answered();
      }
    }
    pending = at >= pending.length ? Buffer.alloc(0) : pending.subarray(at);
    return true;
  };
}

/** Each socket's request in flight, for the one watcher that gives up on slow answers. */
const inFlight = new Map();
// Like a browser or a load balancer, a client gives up on an answer that takes too long.
const watch = setInterval(() => {
  const now = performance.now();
  for (const [socket, sentAt] of inFlight)
    if (now - sentAt > timeoutMs) {
      timeouts++;
      socket.destroy();
    }
}, 100);

function connection() {
  let done = false;
  let socket;
  const stop = () => {
    done = true;
    socket.destroy();
    if (--open === 0) finish();
  };
  const next = () => {
    if (sent >= maxRequests || !timeLeft()) return stop();
    inFlight.set(socket, performance.now());
    socket.write(requests[sent++ % requests.length]);
  };
  const connect = () => {
    socket = net.connect({ host, port, noDelay: true });
    const parse = createParser((status) => {
      latencies.push(performance.now() - inFlight.get(socket));
      inFlight.delete(socket);
      if (status !== 200) errors++;
      next();
    });
    let connected = false;
    socket.on('connect', () => {
      connected = true;
      next();
    });
    socket.on('data', (chunk) => {
      bytes += chunk.length;
      if (!parse(chunk)) socket.destroy();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      // The server (or a timeout) closed it, or it never connected: the request in flight failed;
      // go on on a new socket while there is time.
      if (inFlight.delete(socket) || !connected) errors++;
      if (done) return;
      if (sent < maxRequests && timeLeft()) setTimeout(connect, 1);
      else stop();
    });
  };
  connect();
}

function finish() {
  clearInterval(watch);
  parentPort.postMessage({ latencies, errors, timeouts, bytes, elapsedMs: performance.now() - start });
}

for (let i = 0; i < connections; i++) connection();
