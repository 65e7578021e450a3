import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DiscordMessage {
  content: string;
  embeds: { title: string; url: string }[];
}

/**
 * A Discord-like webhook receiver on this machine: takes `{content, embeds}` and answers 204 like
 * Discord, or 400 "Invalid Form Body" for a content Discord refuses (not a string, over 2,000).
 */
export async function discordReceiver() {
  const received: DiscordMessage[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const message = JSON.parse(body) as DiscordMessage;
      if (typeof message.content !== 'string' || message.content.length > 2000) {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"Invalid Form Body"}');
        return;
      }
      received.push(message);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/1/token`;
  return {
    url,
    received,
    /** How many messages arrived whose first embed has this title (a delivery counted once per arrival). */
    count: (title: string) => received.filter((message) => message.embeds?.[0]?.title === title).length,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

export type DiscordReceiver = Awaited<ReturnType<typeof discordReceiver>>;
