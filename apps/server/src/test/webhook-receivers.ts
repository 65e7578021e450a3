import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ChatWebhookType } from '@teamline/contract';

/**
 * Local stand-ins for the four chat tools' incoming webhooks: real HTTP servers that check a
 * message against the tool's documented shape and limits and answer as the tool does. The
 * validators are pure and exported, so the formatter tests use the same rules without a network.
 *
 * - Slack: 200 `ok`; 400 `invalid_payload`; 404 `channel_not_found`; 410 `channel_is_archived`.
 * - Discord: 204 (200 with the message under `?wait=true`); 400 JSON code 50035; 404 JSON code
 *   10015 `Unknown Webhook`; 429 JSON `{retry_after, global}` (no Retry-After header).
 * - Teams (Workflows): 202 accepted, posted later; 400 when the card is malformed or ≥ 28 KB.
 * - Dooray: 200 JSON `{header:{isSuccessful:true}}`; 400 with `isSuccessful:false`.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : null);

export function validateSlack(body: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(body)) return ['not an object'];
  const text = str(body.text);
  const blocks = body.blocks;
  if (text === null && !Array.isArray(blocks)) problems.push('neither text nor blocks');
  if (text !== null && text.length > 40_000) problems.push(`text ${text.length} > 40000`);
  if (blocks !== undefined) {
    if (!Array.isArray(blocks)) return [...problems, 'blocks not an array'];
    if (blocks.length > 50) problems.push(`${blocks.length} blocks > 50`);
    for (const [i, block] of blocks.entries()) {
      if (!isObject(block) || typeof block.type !== 'string') {
        problems.push(`block ${i} without type`);
        continue;
      }
      if (block.type === 'section') {
        const t = isObject(block.text) ? str(block.text.text) : null;
        const fields = block.fields;
        if (t === null && !Array.isArray(fields)) problems.push(`section ${i} without text or fields`);
        if (t !== null && (t.length === 0 || t.length > 3_000))
          problems.push(`section ${i} text ${t.length}`);
        if (Array.isArray(fields)) {
          if (fields.length > 10) problems.push(`section ${i} has ${fields.length} fields > 10`);
          for (const f of fields) {
            const ft = isObject(f) ? str(f.text) : null;
            if (ft === null || ft.length === 0 || ft.length > 2_000)
              problems.push(`section ${i} field ${ft?.length}`);
          }
        }
      } else if (block.type === 'actions') {
        const elements = Array.isArray(block.elements) ? block.elements : [];
        if (elements.length === 0 || elements.length > 25) problems.push(`actions ${i} elements`);
        for (const e of elements) {
          if (!isObject(e) || !isObject(e.text) || (str(e.text.text)?.length ?? 0) > 75)
            problems.push(`button ${i} text`);
          if (isObject(e) && typeof e.url === 'string' && e.url.length > 3_000)
            problems.push(`button ${i} url`);
        }
      } else if (block.type === 'context') {
        const elements = Array.isArray(block.elements) ? block.elements : [];
        if (elements.length === 0 || elements.length > 10) problems.push(`context ${i} elements`);
        for (const e of elements)
          if (!isObject(e) || (str(e.text)?.length ?? 3_001) > 3_000) problems.push(`context ${i} text`);
      } else if (block.type === 'header') {
        const t = isObject(block.text) ? str(block.text.text) : null;
        if (t === null || t.length > 150) problems.push(`header ${i}`);
      } else problems.push(`block ${i} of unknown type ${block.type}`);
    }
  }
  return problems;
}

export function validateDiscord(body: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(body)) return ['not an object'];
  const content = body.content;
  const embeds = body.embeds;
  if (content !== undefined && (typeof content !== 'string' || content.length > 2_000))
    problems.push(`content ${str(content)?.length}`);
  if ((typeof content !== 'string' || content === '') && (!Array.isArray(embeds) || embeds.length === 0))
    problems.push('neither content nor embeds');
  if (
    body.username !== undefined &&
    (typeof body.username !== 'string' || body.username.length > 80 || body.username.length < 1)
  )
    problems.push('username');
  if (body.avatar_url !== undefined && typeof body.avatar_url !== 'string') problems.push('avatar_url');
  if (embeds !== undefined) {
    if (!Array.isArray(embeds)) return [...problems, 'embeds not an array'];
    if (embeds.length > 10) problems.push(`${embeds.length} embeds > 10`);
    let total = 0;
    for (const [i, embed] of embeds.entries()) {
      if (!isObject(embed)) {
        problems.push(`embed ${i}`);
        continue;
      }
      const title = str(embed.title) ?? '';
      const description = str(embed.description) ?? '';
      if (title.length > 256) problems.push(`embed ${i} title ${title.length} > 256`);
      if (description.length > 4_096) problems.push(`embed ${i} description ${description.length} > 4096`);
      if (embed.url !== undefined && typeof embed.url !== 'string') problems.push(`embed ${i} url`);
      if (
        embed.color !== undefined &&
        (!Number.isInteger(embed.color) || (embed.color as number) < 0 || (embed.color as number) > 0xffffff)
      )
        problems.push(`embed ${i} color`);
      const fields = Array.isArray(embed.fields) ? embed.fields : [];
      if (fields.length > 25) problems.push(`embed ${i} ${fields.length} fields`);
      for (const f of fields) {
        const name = isObject(f) ? str(f.name) : null;
        const value = isObject(f) ? str(f.value) : null;
        if (!name || name.length > 256 || !value || value.length > 1_024) problems.push(`embed ${i} field`);
        total += (name?.length ?? 0) + (value?.length ?? 0);
      }
      const footer = isObject(embed.footer) ? (str(embed.footer.text) ?? '') : '';
      if (footer.length > 2_048) problems.push(`embed ${i} footer`);
      total += title.length + description.length + footer.length;
    }
    if (total > 6_000) problems.push(`embeds total ${total} > 6000`);
  }
  return problems;
}

export function validateTeams(body: unknown, bytes: number): string[] {
  const problems: string[] = [];
  if (bytes >= 28 * 1024) problems.push(`${bytes} bytes ≥ 28 KB`);
  if (!isObject(body)) return [...problems, 'not an object'];
  if (body.type !== 'message') problems.push('type is not message');
  const attachments = body.attachments;
  if (!Array.isArray(attachments) || attachments.length === 0) return [...problems, 'no attachments'];
  for (const a of attachments) {
    if (!isObject(a)) {
      problems.push('attachment');
      continue;
    }
    if (a.contentType !== 'application/vnd.microsoft.card.adaptive') problems.push('contentType');
    if (a.contentUrl !== null) problems.push('contentUrl must be null');
    const card = a.content;
    if (!isObject(card) || card.type !== 'AdaptiveCard') {
      problems.push('content is not an AdaptiveCard');
      continue;
    }
    if (card.version !== '1.4') problems.push(`version ${String(card.version)}`);
    if (!Array.isArray(card.body) || card.body.length === 0) problems.push('empty body');
    for (const element of Array.isArray(card.body) ? card.body : []) {
      if (!isObject(element) || typeof element.type !== 'string') problems.push('body element without type');
      else if (element.type === 'TextBlock' && typeof element.text !== 'string')
        problems.push('TextBlock text');
      else if (element.type === 'FactSet' && !Array.isArray(element.facts)) problems.push('FactSet facts');
      else if (
        element.type === 'RichTextBlock' &&
        (!Array.isArray(element.inlines) ||
          element.inlines.some((i) => !isObject(i) || i.type !== 'TextRun' || typeof i.text !== 'string'))
      )
        problems.push('RichTextBlock inlines');
    }
    for (const action of Array.isArray(card.actions) ? card.actions : [])
      if (!isObject(action) || action.type !== 'Action.OpenUrl' || typeof action.url !== 'string')
        problems.push('action');
  }
  return problems;
}

export function validateDooray(body: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(body)) return ['not an object'];
  if (!str(body.botName)) problems.push('botName');
  if (typeof body.text !== 'string') problems.push('text');
  if (body.botIconImage !== undefined && typeof body.botIconImage !== 'string') problems.push('botIconImage');
  if (body.attachments !== undefined) {
    if (!Array.isArray(body.attachments)) return [...problems, 'attachments'];
    for (const a of body.attachments)
      if (
        !isObject(a) ||
        typeof a.title !== 'string' ||
        typeof a.text !== 'string' ||
        typeof a.titleLink !== 'string' ||
        typeof a.color !== 'string'
      )
        problems.push('attachment fields');
  }
  return problems;
}

export const validators: Record<ChatWebhookType, (body: unknown, bytes: number) => string[]> = {
  slack: (body) => validateSlack(body),
  discord: (body) => validateDiscord(body),
  teams: (body, bytes) => validateTeams(body, bytes),
  dooray: (body) => validateDooray(body),
};

/** How a receiver answers valid messages for now. */
export type ReceiverMode = 'ok' | 'gone' | 'archived' | 'rateLimited' | 'error' | 'hang';

export interface Received {
  body: Json;
  at: number;
  path: string;
}

export interface ChatReceiver {
  type: ChatWebhookType;
  url: string;
  port: number;
  /** Valid messages accepted, in arrival order. */
  received: Received[];
  /** Every request that reached it, valid or not, with its answer's status. */
  requests: { status: number; problems: string[]; at: number }[];
  mode: ReceiverMode;
  /** 429s still to answer before accepting again (`rateLimited` falls back to `ok` after them). */
  rateLimitTimes: number;
  /** Seconds in the 429 answer. */
  retryAfter: number;
  /** Stops listening: connections are refused, as when the tool is down. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

function send(
  res: ServerResponse,
  status: number,
  body: string | Json | null,
  headers: Record<string, string> = {},
) {
  const text = body === null ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json',
    ...headers,
  });
  res.end(text);
}

function answer(receiver: ChatReceiver, res: ServerResponse, problems: string[], wait: boolean): number {
  const { type } = receiver;
  if (problems.length > 0) {
    const status = 400;
    if (type === 'slack') send(res, status, 'invalid_payload');
    else if (type === 'discord') send(res, status, { message: 'Invalid Form Body', code: 50035 });
    else if (type === 'teams')
      send(res, status, { error: { code: 'InvalidRequestContent', message: problems.join('; ') } });
    else
      send(res, status, {
        header: { resultCode: -1, resultMessage: problems.join('; '), isSuccessful: false },
      });
    return status;
  }
  if (receiver.mode === 'gone' || receiver.mode === 'archived') {
    const archived = receiver.mode === 'archived' && type === 'slack';
    const status = archived ? 410 : 404;
    if (type === 'slack') send(res, status, archived ? 'channel_is_archived' : 'channel_not_found');
    else if (type === 'discord') send(res, status, { message: 'Unknown Webhook', code: 10015 });
    else send(res, status, { error: 'not found' });
    return status;
  }
  if (receiver.mode === 'rateLimited' && receiver.rateLimitTimes > 0) {
    receiver.rateLimitTimes--;
    if (type === 'discord')
      send(res, 429, {
        message: 'You are being rate limited.',
        retry_after: receiver.retryAfter,
        global: false,
      });
    else
      send(res, 429, type === 'slack' ? 'rate_limited' : { error: 'rate limited' }, {
        'retry-after': String(receiver.retryAfter),
      });
    return 429;
  }
  if (receiver.mode === 'error') {
    send(res, 503, type === 'slack' ? 'service_unavailable' : { error: 'unavailable' });
    return 503;
  }
  if (type === 'slack') send(res, 200, 'ok');
  else if (type === 'discord') {
    if (wait) send(res, 200, { id: String(Date.now()), type: 0 });
    else send(res, 204, null);
    return wait ? 200 : 204;
  } else if (type === 'teams') send(res, 202, null);
  else send(res, 200, { header: { resultCode: 0, resultMessage: '', isSuccessful: true } });
  return type === 'teams' ? 202 : 200;
}

/** Starts a receiver of one tool on 127.0.0.1 (a free port unless given). */
export async function startReceiver(type: ChatWebhookType, port = 0): Promise<ChatReceiver> {
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  const receiver: ChatReceiver = {
    type,
    url: '',
    port,
    received: [],
    requests: [],
    mode: 'ok',
    rateLimitTimes: 0,
    retryAfter: 1,
    async down() {
      const s = server;
      server = null;
      if (!s) return;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async up() {
      if (server) return;
      const s = createServer((req: IncomingMessage, res: ServerResponse) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const raw = Buffer.concat(chunks);
          const at = Date.now();
          if (receiver.mode === 'hang' && req.method === 'POST') return; // never answers
          let body: unknown;
          let problems: string[];
          try {
            body = JSON.parse(raw.toString('utf8'));
            problems = req.headers['content-type']?.startsWith('application/json')
              ? validators[type](body, raw.byteLength)
              : ['content-type is not application/json'];
          } catch {
            problems = ['body is not JSON'];
          }
          const status = answer(receiver, res, problems, (req.url ?? '').includes('wait=true'));
          receiver.requests.push({ status, problems, at });
          if (status >= 200 && status < 300)
            receiver.received.push({ body: body as Json, at, path: req.url ?? '' });
        });
      });
      s.on('connection', (socket: Socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => s.listen(receiver.port, '127.0.0.1', resolve));
      receiver.port = (s.address() as AddressInfo).port;
      receiver.url = `http://127.0.0.1:${receiver.port}/hooks/${type}`;
      server = s;
    },
    async close() {
      await receiver.down();
    },
  };
  await receiver.up();
  return receiver;
}

/** Polls until `check` holds (or fails with what it last saw after `timeoutMs`). */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000, what = 'condition') {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
