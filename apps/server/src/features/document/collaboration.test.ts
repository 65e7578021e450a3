import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { prosemirrorJSONToYDoc } from '@tiptap/y-tiptap';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { listen } from '../../test/realtime-client.js';
import { endsItsSocket } from '../../test/collab-client.js';
import {
  addToProject,
  bearer,
  createProject,
  createTestApp,
  signUp,
  type TestApp,
} from '../../test/test-app.js';
import { COLLAB_FIELD } from './editor-schema.js';

let t: TestApp;
let base: string;
type Person = Awaited<ReturnType<typeof signUp>>;
let dev: Person;
let other: Person;
let client: Person;
let outsider: Person;
let project: number;
const open: HocuspocusProvider[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  dev = await signUp(t, 'collab-dev@example.com');
  other = await signUp(t, 'collab-other@example.com');
  client = await signUp(t, 'collab-client@example.com');
  outsider = await signUp(t, 'collab-outsider@example.com');
  project = await createProject(t, dev.key, 'Live');
  await addToProject(t, project, other.memberIdx, 'depth2');
  await addToProject(t, project, client.memberIdx, 'client');
});
afterAll(async () => {
  for (const p of open) p.destroy();
  await t?.close();
});

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
async function newDocument(text: string, visibility: 'project' | 'private' = 'project') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/document',
    headers: bearer(dev.key),
    payload: {
      projectIdx: project,
      title: 'Live notes',
      content: { type: 'doc', content: [paragraph(text)] },
      visibility,
    },
  });
  return res.json().data.documentIdx as number;
}

/** What each provider last heard: synced (again, after a reconnect) or refused. */
const sessions = new Map<HocuspocusProvider, 'synced' | 'refused'>();

/** A Hocuspocus client; resolves when synced, or with the refusal. */
function connect(documentIdx: number, key: string, ydoc = new Y.Doc(), at = base) {
  return new Promise<{ provider: HocuspocusProvider; ydoc: Y.Doc; readOnly: boolean } | 'refused'>(
    (resolve) => {
      const socket = new HocuspocusProviderWebsocket({
        url: `${at}/api/document/collab`,
        WebSocketPolyfill: WebSocket,
      });
      const provider = new HocuspocusProvider({
        websocketProvider: socket,
        name: `document:${documentIdx}`,
        document: ydoc,
        token: key,
        onSynced: () => {
          sessions.set(provider, 'synced');
          resolve({ provider, ydoc, readOnly: provider.authorizedScope === 'readonly' });
        },
        onAuthenticationFailed: () => {
          sessions.set(provider, 'refused');
          resolve('refused');
        },
      });
      endsItsSocket(provider, socket);
      provider.attach();
      open.push(provider);
    },
  );
}

/** Types `text` at the end of the first paragraph, as the editor would. */
function typeAtEnd(ydoc: Y.Doc, text: string) {
  const fragment = ydoc.getXmlFragment(COLLAB_FIELD);
  const first = fragment.get(0) as Y.XmlElement;
  const node = first.get(0) as Y.XmlText;
  node.insert(node.length, text);
}
const textOf = (ydoc: Y.Doc): string => ydoc.getXmlFragment(COLLAB_FIELD).toJSON();

async function until(check: () => Promise<boolean> | boolean, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out: ${what}`);
}

describe('live co-editing', () => {
  it('two people typing at once both keep their text, and the document is stored with both', async () => {
    const documentIdx = await newDocument('Hello');
    const a = await connect(documentIdx, dev.key);
    const b = await connect(documentIdx, other.key);
    if (a === 'refused' || b === 'refused') throw new Error('refused');
    expect(textOf(a.ydoc)).toContain('Hello');
    typeAtEnd(a.ydoc, ' from A');
    typeAtEnd(b.ydoc, ' and B');
    await until(() => textOf(a.ydoc) === textOf(b.ydoc) && textOf(a.ydoc).includes('B'), 'both see both');
    expect(textOf(a.ydoc)).toMatch(/from A/);
    expect(textOf(a.ydoc)).toMatch(/and B/);
    await until(async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/document/${documentIdx}`,
        headers: bearer(dev.key),
      });
      const text = res.json().data.text as string;
      return text.includes('from A') && text.includes('and B');
    }, 'stored');
    const versions = await t.app.inject({
      method: 'GET',
      url: `/api/document/${documentIdx}/version`,
      headers: bearer(dev.key),
    });
    expect(versions.json().data.versions.length).toBeGreaterThanOrEqual(1);
  });

  it('the live state built from the stored text is kept: a copy held across a server unload merges without doubling', async () => {
    const documentIdx = await newDocument('Only once');
    // As stored before documents kept a live state (saves now build it): the first opening builds it.
    await t.app.ctx.database.db.execute(
      sql`update document set ydoc = null where document_idx = ${documentIdx}`,
    );
    const a = await connect(documentIdx, dev.key);
    if (a === 'refused') throw new Error('refused');
    expect((await t.app.services.documents.collabState(documentIdx)).ydoc).not.toBeNull();
    // The browser tab keeps its Yjs copy while the connection is gone and the server unloads it.
    const kept = a.ydoc;
    a.provider.destroy();
    await until(() => !t.app.services.documents.isLive(documentIdx), 'unloaded');
    const again = await connect(documentIdx, dev.key, kept);
    if (again === 'refused') throw new Error('refused');
    const fresh = await connect(documentIdx, other.key);
    if (fresh === 'refused') throw new Error('refused');
    await until(() => textOf(fresh.ydoc) === textOf(again.ydoc), 'in step');
    expect(textOf(fresh.ydoc).match(/Only once/g)).toHaveLength(1);
  });

  it('a REST save while nobody edits live keeps the live state in step: a kept copy merges without doubling', async () => {
    const documentIdx = await newDocument('Before the save');
    const a = await connect(documentIdx, dev.key);
    if (a === 'refused') throw new Error('refused');
    const kept = a.ydoc;
    a.provider.destroy();
    await until(() => !t.app.services.documents.isLive(documentIdx), 'unloaded');
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/document/${documentIdx}`,
      headers: bearer(dev.key),
      payload: {
        content: { type: 'doc', content: [paragraph('Before the save'), paragraph('Added by REST')] },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await connect(documentIdx, dev.key, kept);
    if (again === 'refused') throw new Error('refused');
    const fresh = await connect(documentIdx, other.key);
    if (fresh === 'refused') throw new Error('refused');
    await until(() => textOf(fresh.ydoc) === textOf(again.ydoc), 'in step');
    expect(textOf(fresh.ydoc).match(/Before the save/g)).toHaveLength(1);
    expect(textOf(fresh.ydoc)).toContain('Added by REST');
  });

  it('a client connects read-only, a stranger and a bad key are refused', async () => {
    const documentIdx = await newDocument('Spec');
    const viewer = await connect(documentIdx, client.key);
    expect(viewer).not.toBe('refused');
    if (viewer !== 'refused') expect(viewer.readOnly).toBe(true);
    expect(await connect(documentIdx, outsider.key)).toBe('refused');
    expect(await connect(documentIdx, 'not-a-key')).toBe('refused');
  });

  it('a REST save while someone edits live becomes the live content, and live typing goes on from it', async () => {
    const documentIdx = await newDocument('Draft');
    const a = await connect(documentIdx, dev.key);
    if (a === 'refused') throw new Error('refused');
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/document/${documentIdx}`,
      headers: bearer(other.key),
      payload: { content: { type: 'doc', content: [paragraph('Rewritten over REST')] } },
    });
    expect(saved.statusCode).toBe(200);
    await until(() => textOf(a.ydoc).includes('Rewritten over REST'), 'live document follows REST');
    expect(textOf(a.ydoc)).not.toContain('Draft');
    typeAtEnd(a.ydoc, ', then live');
    await until(async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/document/${documentIdx}`,
        headers: bearer(dev.key),
      });
      return res.json().data.text === 'Rewritten over REST, then live';
    }, 'stored with both');
  });

  it('a large paste (one update of several hundred KB, under the document bound) is stored', async () => {
    const documentIdx = await newDocument('Paste here:');
    const a = await connect(documentIdx, dev.key);
    if (a === 'refused') throw new Error('refused');
    const pasted = ' lorem ipsum'.repeat(40_000); // 480 KB in one Yjs update
    typeAtEnd(a.ydoc, pasted);
    await until(async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/document/${documentIdx}`,
        headers: bearer(dev.key),
      });
      return (res.json().data.text as string).length === 'Paste here:'.length + pasted.length;
    }, 'stored the paste');
    expect(sessions.get(a.provider)).toBe('synced');
  });

  it('typing past the size bound stores nothing more and tells the editors', async () => {
    const documentIdx = await newDocument('Big:');
    const a = await connect(documentIdx, dev.key);
    if (a === 'refused') throw new Error('refused');
    const told: string[] = [];
    a.provider.on('stateless', ({ payload }: { payload: string }) => told.push(payload));
    typeAtEnd(a.ydoc, ' ok');
    await until(async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/document/${documentIdx}`,
        headers: bearer(dev.key),
      });
      return res.json().data.text === 'Big: ok';
    }, 'stored the small change');
    for (let i = 0; i < 3; i++) typeAtEnd(a.ydoc, 'x'.repeat(800_000)); // 2.4 MB in 3 messages
    await until(() => told.includes(JSON.stringify({ error: 'DOCUMENT_TOO_LARGE' })), 'told');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/document/${documentIdx}`,
      headers: bearer(dev.key),
    });
    expect(res.json().data.text).toBe('Big: ok');
  });

  it('a share changed or taken away applies to an open connection at once', async () => {
    const documentIdx = await newDocument('Private plan', 'private');
    const share = async (access: 'view' | 'edit') =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/document/${documentIdx}/share`,
          headers: bearer(dev.key),
          payload: { memberIdx: other.memberIdx, access },
        })
      ).json().data.shareIdx as number;
    expect(await connect(documentIdx, other.key)).toBe('refused');
    await share('edit');
    const b = await connect(documentIdx, other.key);
    if (b === 'refused') throw new Error('refused');
    expect(b.readOnly).toBe(false);
    sessions.delete(b.provider);
    const shareIdx = await share('view');
    await until(() => sessions.get(b.provider) === 'synced', 'reconnected');
    expect(b.provider.authorizedScope).toBe('readonly');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/document/share/${shareIdx}`,
      headers: bearer(dev.key),
    });
    expect(removed.statusCode).toBeLessThan(300);
    await until(() => sessions.get(b.provider) === 'refused', 'refused after the share is gone');
  });

  it('a folder share taken away closes the open connections of the documents below it', async () => {
    const inject = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      (await t.app.inject({ method, url: `/api${url}`, headers: bearer(dev.key), payload })).json().data;
    const top = await inject('POST', '/folder', { projectIdx: project, name: 'Shared' });
    const below = await inject('POST', '/folder', {
      projectIdx: project,
      parentIdx: top.folderIdx,
      name: 'In',
    });
    const documentIdx = await newDocument('In a shared folder', 'private');
    await inject('PATCH', `/document/${documentIdx}`, { folderIdx: below.folderIdx });
    expect(await connect(documentIdx, other.key)).toBe('refused');
    const share = await inject('POST', `/folder/${top.folderIdx}/share`, {
      memberIdx: other.memberIdx,
      access: 'edit',
    });
    const b = await connect(documentIdx, other.key);
    if (b === 'refused') throw new Error('refused');
    expect(b.readOnly).toBe(false);
    sessions.delete(b.provider);
    await inject('DELETE', `/folder/share/${share.shareIdx}`);
    await until(() => sessions.get(b.provider) === 'refused', 'refused after the folder share is gone');
  });

  it('a deleted document closes its connections and refuses new ones', async () => {
    const documentIdx = await newDocument('Soon gone');
    const a = await connect(documentIdx, other.key);
    if (a === 'refused') throw new Error('refused');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/document/${documentIdx}`,
      headers: bearer(dev.key),
    });
    expect(res.statusCode).toBeLessThan(300);
    await until(() => sessions.get(a.provider) === 'refused', 'refused after the delete');
    expect(await connect(documentIdx, dev.key)).toBe('refused');
  });

  it('an open connection follows a change of role, and a removal from the project refuses it', async () => {
    const mover = await signUp(t, 'collab-mover@example.com');
    const membership = await addToProject(t, project, mover.memberIdx, 'depth2');
    const documentIdx = await newDocument('Roles');
    const m = await connect(documentIdx, mover.key);
    if (m === 'refused') throw new Error('refused');
    expect(m.readOnly).toBe(false);
    sessions.delete(m.provider);
    await t.app.services.membershipRepo.update(membership.memberInProjectIdx, { role: 'client' });
    await until(() => sessions.get(m.provider) === 'synced', 'reconnected');
    expect(m.provider.authorizedScope).toBe('readonly');
    await t.app.services.membershipRepo.markRemoved(membership.memberInProjectIdx, new Date());
    await until(() => sessions.get(m.provider) === 'refused', 'refused after the removal');
  });

  it('the seeded Yjs document matches what the editor makes of the stored JSON', async () => {
    const { editorSchema } = await import('./editor-schema.js');
    const ydoc = prosemirrorJSONToYDoc(
      editorSchema(),
      { type: 'doc', content: [paragraph('x')] },
      COLLAB_FIELD,
    );
    expect(textOf(ydoc)).toBe('<paragraph>x</paragraph>');
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('live co-editing across instances (REDIS_URL)', () => {
  it('people on two instances see each other’s typing, and a REST save on a third reaches them', async () => {
    const redisUrl = process.env.TEST_REDIS_URL;
    // This file's app has no REDIS_URL: three more instances on its database, sharing one Redis.
    const first = await createTestApp({ database: t.database, config: { redisUrl } });
    const shared = { redisUrl, pubsubChannel: first.config.pubsubChannel };
    const second = await createTestApp({ database: t.database, config: shared });
    const third = await createTestApp({ database: t.database, config: shared });
    try {
      const documentIdx = await newDocument('Across');
      const a = await connect(documentIdx, dev.key, undefined, await listen(first));
      const b = await connect(documentIdx, other.key, undefined, await listen(second));
      if (a === 'refused' || b === 'refused') throw new Error('refused');
      typeAtEnd(a.ydoc, ' from A');
      typeAtEnd(b.ydoc, ' and B');
      const both = (ydoc: Y.Doc) => textOf(ydoc).includes('from A') && textOf(ydoc).includes('and B');
      await until(() => both(a.ydoc) && textOf(a.ydoc) === textOf(b.ydoc), 'both instances see both');
      expect(textOf(a.ydoc).match(/Across/g)).toHaveLength(1);

      // Stored by one of them; then saved over REST on an instance where nobody edits it live.
      const stored = async () =>
        (
          await third.app.inject({
            method: 'GET',
            url: `/api/document/${documentIdx}`,
            headers: bearer(dev.key),
          })
        ).json().data;
      await until(async () => (await stored()).text.includes('and B'), 'stored');
      const current = await stored();
      const saved = await third.app.inject({
        method: 'PATCH',
        url: `/api/document/${documentIdx}`,
        headers: bearer(dev.key),
        payload: {
          content: { ...current.content, content: [...current.content.content, paragraph('By REST')] },
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await until(
        () => textOf(a.ydoc).includes('By REST') && textOf(b.ydoc).includes('By REST'),
        'the REST save reached both instances',
      );
      expect(textOf(b.ydoc).match(/from A/g)).toHaveLength(1);
    } finally {
      for (const p of open.splice(0)) p.destroy();
      await Promise.all([first.close(), second.close(), third.close()]);
    }
  });
});
