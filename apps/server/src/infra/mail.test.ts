import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, mailsSent, type TestApp } from '../test/test-app.js';

/** Real SMTP: the app talks to a local smtp-server; the received message is parsed with mailparser. */
describe('mail over SMTP', () => {
  const received: ParsedMail[] = [];
  /** How many of the next deliveries the server refuses with a temporary error. */
  let refuse = 0;
  let refused = 0;
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        if (refuse > 0) {
          refuse--;
          refused++;
          stream.on('end', () =>
            callback(Object.assign(new Error('Try again later'), { responseCode: 421 })),
          );
          stream.resume();
          return;
        }
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({
      config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Teamline <no-reply@teamline.test>' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends a translated join mail with the verify link', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email',
      payload: { email: 'smtp@example.com', purpose: 'join' },
      headers: { 'accept-language': 'ko-KR,ko;q=0.9' },
    });
    expect(res.statusCode).toBe(201);
    // The request only queued the mail; the `mail.send` job delivers it.
    await mailsSent(t.config);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.subject).toBe('Teamline 이메일 인증');
    expect(mail.from?.text).toContain('no-reply@teamline.test');
    expect(mail.text).toMatch(/http:\/\/teamline\.test\/#\/verify\/email\?token=[A-Za-z0-9_-]{43}/);
    expect(mail.text).toContain('30분');
    expect(String(mail.html)).toContain('href="http://teamline.test/#/verify/email?token=');
    // Nothing goes to the development outbox when SMTP is configured.
    const outbox = await import('node:fs/promises').then((fs) =>
      fs.readdir(t.config.outboxDir).catch(() => []),
    );
    expect(outbox).toEqual([]);
  });

  it('retries a mail the SMTP server refused, and delivers it once', async () => {
    refuse = 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email',
      payload: { email: 'retry@example.com', purpose: 'join' },
    });
    // The answer does not depend on the SMTP server: the mail is queued.
    expect(res.statusCode).toBe(201);
    const mailsTo = () => received.filter((m) => m.to && JSON.stringify(m.to).includes('retry@example.com'));
    const deadline = Date.now() + 20_000;
    while (mailsTo().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await mailsSent(t.config);
    expect(refused).toBe(1);
    expect(mailsTo()).toHaveLength(1);
    // One job, one Message-ID: the job's id.
    expect(mailsTo()[0]!.messageId).toMatch(/^<[0-9a-f-]{36}@teamline\.mail>$/);
  }, 60_000);
});
