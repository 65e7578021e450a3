import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking OpenAI's `POST /v1/chat/completions` (issue 15): each call takes the next
 * scripted answer — a JSON content, a malformed content, an HTTP error (429 with Retry-After, 400 for
 * an unsupported `response_format`), or a slow answer. Requests are kept for assertions.
 */
export type FakeAnswer =
  { content: string; delayMs?: number } | { status: number; message?: string; retryAfter?: number };

export interface OpenAiFake {
  url: string;
  answers: FakeAnswer[];
  requests: { body: Record<string, unknown>; authorization: string | undefined }[];
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => resolve(body));
  });

export async function startOpenAiFake(): Promise<OpenAiFake> {
  const fake: Omit<OpenAiFake, 'url' | 'close'> = { answers: [], requests: [] };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(await read(req)) as Record<string, unknown>;
      fake.requests.push({ body, authorization: req.headers.authorization });
      const answer = fake.answers.shift() ?? { status: 500, message: 'no scripted answer' };
      if ('status' in answer) {
        res.writeHead(answer.status, {
          'content-type': 'application/json',
          ...(answer.retryAfter !== undefined ? { 'retry-after': String(answer.retryAfter) } : {}),
        });
        res.end(
          JSON.stringify({ error: { message: answer.message ?? 'error', type: 'invalid_request_error' } }),
        );
        return;
      }
      if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: String(body.model),
          choices: [
            { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: answer.content } },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...fake,
    url: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
