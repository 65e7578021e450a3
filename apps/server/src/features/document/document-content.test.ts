import { prosemirrorJSONToYDoc, yDocToProsemirrorJSON } from '@tiptap/y-tiptap';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { openLiveDocument, until } from '../../test/collab-client.js';
import { listen } from '../../test/realtime-client.js';
import {
  addToProject,
  bearer,
  createProject,
  createTestApp,
  signUp,
  type TestApp,
} from '../../test/test-app.js';
import { CONTENT_CLEANUP_JOB } from './content-cleanup.job.js';
import { COLLAB_FIELD, editorSchema } from './editor-schema.js';

/**
 * Issue 30 "Document content that cannot carry script": every way content is saved (REST create
 * and update, live co-editing, documents stored before) keeps only what the editor's schema knows
 * and no address that could run script, and every way it is read (the document, its versions, a
 * public link, the Markdown export, the live state) shows none. Issue 31: content the schema cannot
 * read is 400 DOCUMENT_CONTENT_INVALID, never 500.
 */
let t: TestApp;
let base: string;
type Person = Awaited<ReturnType<typeof signUp>>;
let dev: Person;
let other: Person;
let project: number;
const closers: (() => void)[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  dev = await signUp(t, 'content-dev@example.com');
  other = await signUp(t, 'content-other@example.com');
  project = await createProject(t, dev.key, 'Trust');
  await addToProject(t, project, other.memberIdx, 'depth2');
});
afterAll(async () => {
  for (const close of closers) close();
  await t?.close();
});

/** Rows of a statement (the database handle types `execute` loosely: PGlite or node-postgres). */
async function rowsOf<R>(statement: ReturnType<typeof sql>): Promise<R[]> {
  const result: unknown = await t.app.ctx.database.db.execute(statement);
  return (result as { rows: R[] }).rows;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const req = (method: Method, url: string, key?: string, payload?: object | string) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    payload,
    headers: {
      ...(key ? bearer(key) : {}),
      ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
    },
  });
async function ok(method: Method, url: string, key: string, payload?: object) {
  const res = await req(method, url, key, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}

/**
 * Addresses and attributes that could run script once shown: none may come back from any read. (A
 * title is text: the JSON answers carry it as typed, the app draws it as text, the export escapes it.)
 */
const UNSAFE = /javascript:|vbscript:|data:text|onerror/i;

const hostile = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'click', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
        { type: 'text', text: ' or ', marks: [{ type: 'link', attrs: { href: ' JaVaScRiPt:alert(2)' } }] },
        { type: 'text', text: 'mail', marks: [{ type: 'link', attrs: { href: 'vbscript:msgbox(1)' } }] },
      ],
    },
    { type: 'image', attrs: { src: 'javascript:alert(3)', alt: 'x' } },
    { type: 'image', attrs: { src: 'data:text/html,<script>alert(4)</script>', alt: 'y' } },
    { type: 'image', attrs: { src: 'https://img.example/ok.png', alt: 'fine', onerror: 'alert(5)' } },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'safe', marks: [{ type: 'link', attrs: { href: 'https://example.com' } }] },
      ],
    },
  ],
};

/** Every read of a document: detail, versions, each version, public link, Markdown export. */
async function everyRead(documentIdx: number, { storedRow = true } = {}) {
  const reads: string[] = [];
  reads.push(JSON.stringify(await ok('GET', `/document/${documentIdx}`, dev.key)));
  const { versions } = await ok('GET', `/document/${documentIdx}/version`, dev.key);
  for (const v of versions as { versionNo: number }[])
    reads.push(JSON.stringify(await ok('GET', `/document/${documentIdx}/version/${v.versionNo}`, dev.key)));
  const { token } = await ok('POST', `/document/${documentIdx}/public-link`, dev.key);
  reads.push((await req('GET', `/public/document/${token}`)).body);
  reads.push((await req('GET', `/document/${documentIdx}/export?format=md`, dev.key)).body);
  if (!storedRow) return reads;
  const [row] = await rowsOf<{ content: unknown; ydoc: string | null }>(
    sql`select content, ydoc from document where document_idx = ${documentIdx}`,
  );
  reads.push(JSON.stringify(row!.content));
  if (row!.ydoc) {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Buffer.from(row!.ydoc, 'base64'));
    reads.push(JSON.stringify(yDocToProsemirrorJSON(doc, COLLAB_FIELD)));
  }
  return reads;
}

describe('document content rules over REST', () => {
  it('a saved javascript: link, unsafe image or onerror attribute comes back from no read or export', async () => {
    const created = await ok('POST', '/document', dev.key, {
      projectIdx: project,
      title: '<script>alert("title")</script> & notes',
      content: hostile,
    });
    // The text stays; the links, images and attributes that could run script went.
    expect(created.content.content[0].content.map((n: { text: string }) => n.text).join('')).toBe(
      'click or mail',
    );
    expect(created.content.content[0].content[0].marks).toBeUndefined();
    expect(created.content.content.filter((n: { type: string }) => n.type === 'image')).toEqual([
      {
        type: 'image',
        attrs: { src: 'https://img.example/ok.png', alt: 'fine', title: null, width: null, height: null },
      },
    ]);
    await ok('PATCH', `/document/${created.documentIdx}`, dev.key, { content: hostile });
    for (const read of await everyRead(created.documentIdx)) expect(read).not.toMatch(UNSAFE);
    // The export escapes the title: the tag is text there.
    const md = (await req('GET', `/document/${created.documentIdx}/export?format=md`, dev.key)).body;
    expect(md.split('\n')[0]).toBe('# \\<script\\>alert\\("title"\\)\\</script\\> \\& notes');
    expect(md).not.toMatch(/(^|[^\\])</);
    expect(md).toContain('[safe](https://example.com)');
  });

  it('an unknown node or mark is 400 DOCUMENT_CONTENT_INVALID, a lone surrogate 400 too, and nothing is saved', async () => {
    const before = await ok('POST', '/document', dev.key, { projectIdx: project, title: 'Kept' });
    const refusals = [
      { type: 'doc', content: [{ type: 'script', content: [{ type: 'text', text: 'x' }] }] },
      {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'blink' }] }] }],
      },
      { type: 'doc', content: [{ type: 'text', text: 'text straight in the document' }] },
    ];
    for (const content of refusals) {
      for (const res of [
        await req('POST', '/document', dev.key, { projectIdx: project, title: 'Bad', content }),
        await req('PATCH', `/document/${before.documentIdx}`, dev.key, { content }),
      ]) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error.code).toBe('DOCUMENT_CONTENT_INVALID');
      }
    }
    // "a\ud800" as the JSON text of a request body: a lone surrogate (PostgreSQL cannot store it).
    // The input guard (plugins/input-guard.ts) refuses it in any body before the content rules.
    const lone = `{"content":{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"a\\ud800"}]}]}}`;
    const res = await req('PATCH', `/document/${before.documentIdx}`, dev.key, lone);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    const created = await req(
      'POST',
      '/document',
      dev.key,
      `{"projectIdx":${project},"title":"Bad","content":{"type":"doc","content":[{"type":"image","attrs":{"src":"teamline-file:1","alt":"\\udc00"}}]}}`,
    );
    expect(created.statusCode).toBe(400);
    // Nesting deeper than any editor makes is refused before anything reads it recursively.
    for (const depth of [150, 5_000]) {
      let inner = '{"type":"paragraph"}';
      for (let i = 0; i < depth; i++) inner = `{"type":"blockquote","content":[${inner}]}`;
      const deep = await req(
        'PATCH',
        `/document/${before.documentIdx}`,
        dev.key,
        `{"content":{"type":"doc","content":[${inner}]}}`,
      );
      expect(deep.statusCode, deep.body).toBe(400);
      expect(deep.json().error.code).toBe('VALIDATION_FAILED');
    }
    const after = await ok('GET', `/document/${before.documentIdx}`, dev.key);
    expect(after.version).toBe(before.version);
    const titles = (await ok('GET', `/document?projectIdx=${project}`, dev.key)).documents.map(
      (d: { title: string }) => d.title,
    );
    expect(titles).not.toContain('Bad');
  });

  it('a document made private ends its public link, and a private document gets none', async () => {
    const d = await ok('POST', '/document', dev.key, { projectIdx: project, title: 'Going private' });
    const { token } = await ok('POST', `/document/${d.documentIdx}/public-link`, dev.key);
    expect((await req('GET', `/public/document/${token}`)).statusCode).toBe(200);
    const made = await ok('PATCH', `/document/${d.documentIdx}`, dev.key, { visibility: 'private' });
    expect(made.hasPublicLink).toBe(false);
    const gone = await req('GET', `/public/document/${token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('DOCUMENT_LINK_INVALID');
    const refused = await req('POST', `/document/${d.documentIdx}/public-link`, dev.key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('DOCUMENT_PRIVATE');
    // Visible to the project again: the old link stays dead; a new one can be made.
    await ok('PATCH', `/document/${d.documentIdx}`, dev.key, { visibility: 'project' });
    expect((await req('GET', `/public/document/${token}`)).statusCode).toBe(404);
    const fresh = await ok('POST', `/document/${d.documentIdx}/public-link`, dev.key);
    expect((await req('GET', `/public/document/${fresh.token}`)).statusCode).toBe(200);
  });
});

describe('document content rules in live co-editing', () => {
  it('a Yjs update carrying a javascript: link, an unknown element or an onerror attribute is cleaned in the store and in every editor', async () => {
    const d = await ok('POST', '/document', dev.key, {
      projectIdx: project,
      title: 'Live',
      content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] }] },
    });
    const writer = await openLiveDocument(base, d.documentIdx, dev.key);
    const reader = await openLiveDocument(base, d.documentIdx, other.key);
    if (writer === 'refused' || reader === 'refused') throw new Error('refused');
    closers.push(writer.close, reader.close);
    // What a modified client can send: the editor itself would never make these.
    const fragment = writer.ydoc.getXmlFragment(COLLAB_FIELD);
    writer.ydoc.transact(() => {
      const text = (fragment.get(0) as Y.XmlElement).get(0) as Y.XmlText;
      text.format(0, 5, { link: { href: 'javascript:alert(1)' } });
      const script = new Y.XmlElement('script');
      script.insert(0, [new Y.XmlText('payload')]);
      const image = new Y.XmlElement('image');
      image.setAttribute('src', 'https://img.example/a.png');
      image.setAttribute('onerror', 'alert(2)');
      const bad = new Y.XmlElement('image');
      bad.setAttribute('src', 'javascript:alert(3)');
      fragment.insert(fragment.length, [script, image, bad]);
    });
    const stored = async () =>
      (
        await rowsOf<{ content: unknown }>(
          sql`select content from document where document_idx = ${d.documentIdx}`,
        )
      )[0]!.content;
    await until(async () => JSON.stringify(await stored()).includes('payload'), 'stored');
    // Every editor converges on the cleaned document: the server's cleaning is a Yjs change too.
    for (const copy of [writer.ydoc, reader.ydoc])
      await until(
        () => !/javascript:|onerror|<script/.test(copy.getXmlFragment(COLLAB_FIELD).toJSON()),
        'editors cleaned',
      );
    expect(reader.ydoc.getXmlFragment(COLLAB_FIELD).toJSON()).toContain('payload');
    expect(await stored()).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'payload' }] },
        {
          type: 'image',
          attrs: { src: 'https://img.example/a.png', alt: null, title: null, width: null, height: null },
        },
      ],
    });
    for (const read of await everyRead(d.documentIdx)) expect(read).not.toMatch(UNSAFE);
  });
});

describe('documents stored before the content rules', () => {
  it('are cleaned once by the start-up job: JSON, live state and versions agree and are safe', async () => {
    const d = await ok('POST', '/document', dev.key, { projectIdx: project, title: 'Old' });
    const plain = await ok('POST', '/document', dev.key, { projectIdx: project, title: 'Old, no state' });
    // As an earlier version of the app stored them: the dirty JSON, its Yjs state, a dirty version.
    const dirty = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'old', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
          ],
        },
        { type: 'image', attrs: { src: 'javascript:alert(2)' } },
      ],
    };
    const state = Buffer.from(
      Y.encodeStateAsUpdate(prosemirrorJSONToYDoc(editorSchema(), dirty, COLLAB_FIELD)),
    ).toString('base64');
    const db = t.app.ctx.database.db;
    const json = JSON.stringify(dirty);
    await db.execute(
      sql`update document set content = ${json}::jsonb, ydoc = ${state} where document_idx = ${d.documentIdx}`,
    );
    await db.execute(
      sql`update document set content = ${json}::jsonb, ydoc = null where document_idx = ${plain.documentIdx}`,
    );
    await db.execute(
      sql`update document_version set content = ${json}::jsonb where document_idx in (${d.documentIdx}, ${plain.documentIdx})`,
    );
    // The fix ran at start on an empty database: run it again as on an upgraded one.
    await db.execute(sql`delete from data_fix`);
    await t.app.ctx.jobs.send(CONTENT_CLEANUP_JOB, {});
    await t.app.ctx.jobs.idle(CONTENT_CLEANUP_JOB);

    for (const idx of [d.documentIdx, plain.documentIdx]) {
      const reads = await everyRead(idx);
      for (const read of reads) expect(read).not.toMatch(UNSAFE);
      const now = await ok('GET', `/document/${idx}`, dev.key);
      // Cleaned in place: no new version, the text kept.
      expect(now.version).toBe(idx === d.documentIdx ? d.version : plain.version);
      expect(now.content).toEqual({
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'old' }] }],
      });
    }
    // A row written around the rules after that (by hand) is still handed out clean by every read.
    await db.execute(
      sql`update document set content = ${json}::jsonb where document_idx = ${plain.documentIdx}`,
    );
    await db.execute(
      sql`update document_version set content = ${json}::jsonb where document_idx = ${plain.documentIdx}`,
    );
    for (const read of await everyRead(plain.documentIdx, { storedRow: false }))
      expect(read).not.toMatch(UNSAFE);
    const fixes = await rowsOf<{ name: string; done_at: unknown }>(sql`select name, done_at from data_fix`);
    expect(fixes.map((f) => f.name).sort()).toEqual(['document-content-1', 'document-version-content-1']);
    expect(fixes.every((f) => f.done_at !== null)).toBe(true);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('document content rules across instances (REDIS_URL)', () => {
  it('a hostile update sent to one instance is cleaned for an editor on another', async () => {
    const redisUrl = process.env.TEST_REDIS_URL;
    // This file's app has no REDIS_URL: two more instances on its database, sharing one Redis.
    const first = await createTestApp({ database: t.database, config: { redisUrl } });
    const second = await createTestApp({
      database: t.database,
      config: { redisUrl, pubsubChannel: first.config.pubsubChannel },
    });
    try {
      const d = await ok('POST', '/document', dev.key, {
        projectIdx: project,
        title: 'Across',
        content: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] }],
        },
      });
      const writer = await openLiveDocument(await listen(first), d.documentIdx, dev.key);
      const reader = await openLiveDocument(await listen(second), d.documentIdx, other.key);
      if (writer === 'refused' || reader === 'refused') throw new Error('refused');
      closers.push(writer.close, reader.close);
      const text = (writer.ydoc.getXmlFragment(COLLAB_FIELD).get(0) as Y.XmlElement).get(0) as Y.XmlText;
      text.format(0, 5, { link: { href: 'javascript:alert(1)' } });
      // A store happened (the live state in the row moved on) and holds no javascript: address.
      const stateOf = async () =>
        (
          await rowsOf<{ ydoc: string }>(sql`select ydoc from document where document_idx = ${d.documentIdx}`)
        )[0]!.ydoc;
      const initial = await stateOf();
      await until(async () => {
        const state = await stateOf();
        if (state === initial) return false;
        const stored = new Y.Doc();
        Y.applyUpdate(stored, Buffer.from(state, 'base64'));
        return !stored.getXmlFragment(COLLAB_FIELD).toJSON().includes('javascript:');
      }, 'stored clean');
      // Cleaning took nothing the person typed: no new version.
      expect((await ok('GET', `/document/${d.documentIdx}`, dev.key)).version).toBe(d.version);
      for (const copy of [writer.ydoc, reader.ydoc])
        await until(
          () => !copy.getXmlFragment(COLLAB_FIELD).toJSON().includes('javascript:'),
          'both cleaned',
        );
      expect(reader.ydoc.getXmlFragment(COLLAB_FIELD).toJSON()).toContain('Hello');
    } finally {
      await second.close();
      await first.close();
    }
  });
});
