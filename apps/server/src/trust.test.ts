import { chatWebhookTypes, type ChatWebhookType } from '@teamline/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { COLLAB_FIELD } from './features/document/editor-schema.js';
import { openLiveDocument, until } from './test/collab-client.js';
import { api, planningFixture, type PlanningFixture } from './test/planning-fixture.js';
import { listen } from './test/realtime-client.js';
import { createTestApp, type TestApp } from './test/test-app.js';
import { startReceiver, type ChatReceiver } from './test/webhook-receivers.js';

/**
 * Issue 30 "Done when": a `javascript:` address sent through every way the app stores one (a
 * document over REST, live co-editing, an AI document, a story's link, a project link) comes back
 * from no read or export (the document, its versions, a public link, the Markdown export, the live
 * state, the story, the timeline, the links, a chat message). The text `javascript:` a member typed
 * as text may appear as text; no address (href, src, link, url, a Markdown or Slack link) holds it.
 */
let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;
let base: string;
const receivers = {} as Record<ChatWebhookType, ChatReceiver>;
const closers: (() => void)[] = [];

beforeAll(async () => {
  t = await createTestApp({ config: { outboundAllowPrivate: true } });
  f = await planningFixture(t, 'trust');
  call = api(t);
  base = await listen(t);
  for (const type of chatWebhookTypes) {
    receivers[type] = await startReceiver(type);
    const res = await call('POST', '/webhook', f.admin.key, {
      projectIdx: f.projectA,
      type,
      url: receivers[type].url,
      categories: ['story', 'milestone', 'request'],
      events: ['new', 'edit'],
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => {
  for (const close of closers) close();
  await t?.close();
  for (const r of Object.values(receivers)) await r.close();
});

const EVIL = 'javascript:alert(document.domain)';
/** An address field holding `javascript:` in JSON (a document, a story, a chat message). */
const FIELD = /"(href|src|url|link|titleLink|metaImage)"\s*:\s*"\s*javascript:/i;
/** A link to `javascript:` written in Markdown (the export, Teams, Discord, Dooray). */
const MARKDOWN_LINK = /\]\(\s*<?\s*javascript:|<javascript:/i;
/** A link to `javascript:` in Slack's mrkdwn (`<url|text>`; Slack reads no `[text](url)`). */
const SLACK_LINK = /<\s*javascript:/i;

const data = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) => {
  const res = await call(method, url, f.admin.key, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json().data;
};
const linkTo = (href: string, text = 'click') => ({
  type: 'paragraph',
  content: [{ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] }],
});

describe('a javascript: address through every way in', () => {
  it('comes back from no read or export', async () => {
    /** Reads in JSON (address fields) and in markup (links a reader would draw). */
    const reads: string[] = [];
    const markup: string[] = [];
    const documentIdxs: number[] = [];

    // REST: create and update.
    const rest = await data('POST', '/document', {
      projectIdx: f.projectA,
      title: `Notes ${EVIL}`,
      content: {
        type: 'doc',
        content: [linkTo(EVIL), { type: 'image', attrs: { src: EVIL, alt: EVIL } }],
      },
    });
    await data('PATCH', `/document/${rest.documentIdx}`, {
      content: { type: 'doc', content: [linkTo(` ${EVIL.toUpperCase()}`)] },
    });
    documentIdxs.push(rest.documentIdx);

    // Live co-editing: a raw Yjs update.
    const live = await data('POST', '/document', { projectIdx: f.projectA, title: 'Live' });
    const session = await openLiveDocument(base, live.documentIdx, f.admin.key);
    if (session === 'refused') throw new Error('refused');
    closers.push(session.close);
    const fragment = session.ydoc.getXmlFragment(COLLAB_FIELD);
    session.ydoc.transact(() => {
      const paragraph = new Y.XmlElement('paragraph');
      const text = new Y.XmlText();
      paragraph.insert(0, [text]);
      text.insert(0, 'typed live', { link: { href: EVIL } });
      const image = new Y.XmlElement('image');
      image.setAttribute('src', EVIL);
      fragment.insert(fragment.length, [paragraph, image]);
    });
    await until(
      async () => (await data('GET', `/document/${live.documentIdx}`)).text.includes('typed live'),
      'stored',
    );
    documentIdxs.push(live.documentIdx);

    // A story's link and a project link are refused; a story may say javascript: as text.
    const story = await call('POST', '/story', f.admin.key, {
      projectIdx: f.projectA,
      title: 'S',
      link: EVIL,
    });
    expect(story.json().error.fieldErrors).toEqual({ link: 'safeUrl' });
    const texty = await data('POST', '/story', {
      projectIdx: f.projectA,
      title: `[Open](${EVIL})`,
      description: `<a href="${EVIL}">x</a>`,
      link: 'https://example.com',
    });
    const patched = await call('PATCH', `/story/${texty.storyIdx}`, f.admin.key, { link: EVIL });
    expect(patched.statusCode).toBe(400);
    expect((await call('POST', '/link', f.admin.key, { projectIdx: f.projectA, url: EVIL })).statusCode).toBe(
      400,
    );

    // An AI document written from that activity.
    const job = await data('POST', '/document/ai', {
      projectIdx: f.projectA,
      type: 'weeklyReport',
      referenceDt: '20260320',
      periodStartDt: '20260101',
      periodEndDt: '20301231',
    });
    let aiDocumentIdx: number | null = null;
    await until(async () => {
      const state = await data('GET', `/ai-job/${job.jobIdx}`);
      aiDocumentIdx = state.documentIdx;
      return !['queued', 'running'].includes(state.state);
    }, 'AI document');
    expect(aiDocumentIdx).not.toBeNull();
    documentIdxs.push(aiDocumentIdx!);

    // Every read of every document: detail, versions, public link, Markdown, the stored row.
    for (const documentIdx of documentIdxs) {
      reads.push(JSON.stringify(await data('GET', `/document/${documentIdx}`)));
      const { versions } = await data('GET', `/document/${documentIdx}/version`);
      for (const v of versions as { versionNo: number }[])
        reads.push(JSON.stringify(await data('GET', `/document/${documentIdx}/version/${v.versionNo}`)));
      const { token } = await data('POST', `/document/${documentIdx}/public-link`);
      reads.push((await call('GET', `/public/document/${token}`)).body);
      markup.push((await call('GET', `/document/${documentIdx}/export?format=md`, f.admin.key)).body);
    }
    const result: unknown = await t.app.ctx.database.db.execute(sql`select content, ydoc from document`);
    for (const row of (result as { rows: { content: unknown; ydoc: string | null }[] }).rows) {
      reads.push(JSON.stringify(row.content));
      if (row.ydoc) {
        const doc = new Y.Doc();
        Y.applyUpdate(doc, Buffer.from(row.ydoc, 'base64'));
        reads.push(fragmentAddresses(doc));
      }
    }
    reads.push(fragmentAddresses(session.ydoc));
    // The story, the timeline, the project's links, the story's history.
    reads.push(JSON.stringify(await data('GET', `/story/${texty.storyIdx}`)));
    reads.push((await call('GET', `/milestone/timeline?projectIdx=${f.projectA}`, f.admin.key)).body);
    reads.push((await call('GET', `/link?projectIdx=${f.projectA}`, f.admin.key)).body);
    reads.push((await call('GET', `/history/story?storyIdx=${texty.storyIdx}`, f.admin.key)).body);
    // What the chat tools received.
    await t.app.ctx.events.idle();
    await t.app.ctx.jobs.idle('webhook.deliver', 20_000);
    for (const type of chatWebhookTypes) {
      expect(receivers[type].received.length, type).toBeGreaterThan(0);
      for (const r of receivers[type].received) {
        reads.push(JSON.stringify(r.body));
        if (type === 'slack') expect(JSON.stringify(r.body)).not.toMatch(SLACK_LINK);
        // Teams reads Markdown everywhere but in TextRuns, where the members' text is.
        else
          markup.push(
            JSON.stringify(r.body, (key, value: unknown) => (key === 'inlines' ? undefined : value)),
          );
      }
    }

    for (const read of reads) expect(read).not.toMatch(FIELD);
    for (const read of markup) expect(read).not.toMatch(MARKDOWN_LINK);
    for (const read of markup) expect(read).not.toMatch(FIELD);
    // And the text stayed text where a member typed it.
    expect(JSON.stringify(await data('GET', `/story/${texty.storyIdx}`))).toContain(`[Open](${EVIL})`);
  });
});

/** The addresses a live state holds, as `"href":"…"` / `"src":"…"` pairs. */
function fragmentAddresses(doc: Y.Doc): string {
  const found: string[] = [];
  const walk = (node: Y.XmlElement | Y.XmlFragment | Y.XmlText) => {
    if (node instanceof Y.XmlText) {
      for (const op of node.toDelta() as { attributes?: Record<string, { href?: string }> }[])
        for (const mark of Object.values(op.attributes ?? {})) found.push(`"href":"${mark.href ?? ''}"`);
      return;
    }
    if (node instanceof Y.XmlElement)
      for (const [name, value] of Object.entries(node.getAttributes()))
        found.push(`"${name}":"${String(value)}"`);
    for (const child of node.toArray()) walk(child as Y.XmlElement | Y.XmlText);
  };
  walk(doc.getXmlFragment(COLLAB_FIELD));
  return found.join(',');
}
