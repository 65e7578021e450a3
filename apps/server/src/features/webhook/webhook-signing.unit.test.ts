import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { standardMessage } from './formatters/standard.js';
import { messageIdOf, newWebhookSecret, signatureOf, standardHeaders } from './webhook-signing.js';

describe('Standard Webhooks signing', () => {
  it('makes whsec_ secrets of 32 random bytes, never the same twice', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(a);
  });

  it('signs as the reference library does, and it verifies our headers', () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify(
      standardMessage({
        name: 'story.deleted',
        projectIdx: 3,
        payload: { storyIdx: 9, milestoneIdx: null },
        occurredAt: '2026-11-28T10:00:00.000Z',
      }),
    );
    const at = new Date();
    const headers = standardHeaders([secret], messageIdOf(41), at, body);
    expect(headers['webhook-id']).toBe('msg_teamline_41');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(at.getTime() / 1000)));
    const library = new Webhook(secret);
    expect(headers['webhook-signature']).toBe(library.sign('msg_teamline_41', at, body));
    expect(library.verify(body, headers)).toEqual({
      type: 'story.deleted',
      timestamp: '2026-11-28T10:00:00.000Z',
      data: { storyIdx: 9, milestoneIdx: null, projectIdx: 3 },
    });
  });

  it('signs with every secret given, space-separated; each verifies alone', () => {
    const next = newWebhookSecret();
    const previous = newWebhookSecret();
    const body = '{"type":"webhook.test"}';
    const headers = standardHeaders([next, previous], 'msg_x', new Date(), body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => new Webhook(next).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(previous).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(signatureOf(next, 'msg_x', 1, body)).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });
});
