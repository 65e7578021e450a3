import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToProject,
  bearer,
  createProject,
  createTestApp,
  signUp,
  type TestApp,
} from '../../test/test-app.js';
import { fileUpload } from '../../test/plan-files.js';
import { BIN_KEEP_DAYS, BIN_PURGE_JOB } from './bin-purge.job.js';

let t: TestApp;
type Person = Awaited<ReturnType<typeof signUp>>;
let admin: Person;
let dev: Person;
let other: Person;
let client: Person;
let outsider: Person;
let projectA: number;
let projectB: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, 'doc-admin@example.com');
  dev = await signUp(t, 'doc-dev@example.com');
  other = await signUp(t, 'doc-other@example.com');
  client = await signUp(t, 'doc-client@example.com');
  outsider = await signUp(t, 'doc-outsider@example.com');
  projectA = await createProject(t, admin.key, 'Docs A');
  await addToProject(t, projectA, dev.memberIdx, 'depth2');
  await addToProject(t, projectA, other.memberIdx, 'depth2');
  await addToProject(t, projectA, client.memberIdx, 'client');
  projectB = await createProject(t, outsider.key, 'Docs B');
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const req = (method: Method, url: string, key?: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers: key ? bearer(key) : {} });
async function ok(method: Method, url: string, key: string, payload?: object) {
  const res = await req(method, url, key, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}
const codeOf = async (method: Method, url: string, key: string | undefined, payload?: object) =>
  (await req(method, url, key, payload)).json().error?.code as string | undefined;

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const doc = (...texts: string[]) => ({ type: 'doc', content: texts.map(paragraph) });

describe('folders', () => {
  it('nest, rename, move, refuse a cycle, and a delete is undone with what went with it', async () => {
    const top = await ok('POST', '/folder', dev.key, { projectIdx: projectA, name: ' Specs ' });
    expect(top).toMatchObject({ name: 'Specs', parentIdx: null });
    const child = await ok('POST', '/folder', dev.key, {
      projectIdx: projectA,
      parentIdx: top.folderIdx,
      name: 'API',
    });
    const grandchild = await ok('POST', '/folder', dev.key, {
      projectIdx: projectA,
      parentIdx: child.folderIdx,
      name: 'v1',
    });
    expect(
      await codeOf('PATCH', `/folder/${top.folderIdx}`, dev.key, { parentIdx: grandchild.folderIdx }),
    ).toBe('FOLDER_MOVE_INVALID');
    expect(await codeOf('PATCH', `/folder/${top.folderIdx}`, dev.key, { parentIdx: top.folderIdx })).toBe(
      'FOLDER_MOVE_INVALID',
    );
    const renamed = await ok('PATCH', `/folder/${child.folderIdx}`, dev.key, { name: 'REST API' });
    expect(renamed.name).toBe('REST API');

    const inChild = await ok('POST', '/document', dev.key, {
      projectIdx: projectA,
      folderIdx: grandchild.folderIdx,
      title: 'Endpoints',
    });
    await ok('DELETE', `/folder/${child.folderIdx}`, dev.key);
    const names = (await ok('GET', `/folder?projectIdx=${projectA}`, client.key)).folders.map(
      (f: { name: string }) => f.name,
    );
    expect(names).toContain('Specs');
    expect(names).not.toContain('REST API');
    expect(names).not.toContain('v1');
    expect(await codeOf('GET', `/document/${inChild.documentIdx}`, dev.key)).toBe('DOCUMENT_NOT_FOUND');

    await ok('PATCH', `/folder/${child.folderIdx}`, dev.key, { restore: true });
    const after = (await ok('GET', `/folder?projectIdx=${projectA}`, dev.key)).folders.map(
      (f: { name: string }) => f.name,
    );
    expect(after).toEqual(expect.arrayContaining(['Specs', 'REST API', 'v1']));
    expect((await ok('GET', `/document/${inChild.documentIdx}`, dev.key)).title).toBe('Endpoints');
  });

  it('clients read folders but do not make them; strangers and other projects are refused', async () => {
    expect(await codeOf('POST', '/folder', client.key, { projectIdx: projectA, name: 'X' })).toBe(
      'PROFESSIONAL_ONLY',
    );
    expect(await codeOf('GET', `/folder?projectIdx=${projectA}`, outsider.key)).toBe('PROJECT_ACCESS_DENIED');
    const theirs = await ok('POST', '/folder', outsider.key, { projectIdx: projectB, name: 'Theirs' });
    expect(await codeOf('PATCH', `/folder/${theirs.folderIdx}`, dev.key, { name: 'Mine' })).toBe(
      'FOLDER_NOT_FOUND',
    );
    expect(
      await codeOf('POST', '/folder', dev.key, {
        projectIdx: projectA,
        parentIdx: theirs.folderIdx,
        name: 'In',
      }),
    ).toBe('FOLDER_NOT_FOUND');
    expect(await codeOf('POST', '/folder', dev.key, { projectIdx: projectA, name: '   ' })).toBe(
      'VALIDATION_FAILED',
    );
  });
});

describe('documents', () => {
  it('an empty title is refused and nothing is saved', async () => {
    const res = await req('POST', '/document', dev.key, { projectIdx: projectA, title: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fieldErrors).toMatchObject({ title: 'required' });
  });

  it('saves, searches by title and text, keeps versions and refuses a stale save', async () => {
    const created = await ok('POST', '/document', dev.key, {
      projectIdx: projectA,
      title: 'Release plan',
      content: doc('Ship the payment module in March'),
    });
    expect(created).toMatchObject({ version: 1, kind: 'page', text: 'Ship the payment module in March' });
    expect(created.can).toEqual({ edit: true, share: true, delete: true });

    const saved = await ok('PATCH', `/document/${created.documentIdx}`, dev.key, {
      content: doc('Ship the payment module in April', 'Then the reports'),
      baseVersion: 1,
    });
    expect(saved.version).toBe(2);
    expect(saved.text).toBe('Ship the payment module in April\nThen the reports');
    // Someone who started from version 1 does not overwrite version 2.
    const stale = await req('PATCH', `/document/${created.documentIdx}`, other.key, {
      content: doc('mine'),
      baseVersion: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('DOCUMENT_VERSION_CONFLICT');
    expect((await ok('GET', `/document/${created.documentIdx}`, dev.key)).text).toContain('April');

    // Another person's save starts a new version; the author's spell was one version.
    await ok('PATCH', `/document/${created.documentIdx}`, other.key, {
      content: doc('Reviewed'),
      baseVersion: 2,
    });
    const versions = (await ok('GET', `/document/${created.documentIdx}/version`, client.key)).versions;
    expect(
      versions.map((v: { versionNo: number; savedByIdx: number }) => [v.versionNo, v.savedByIdx]),
    ).toEqual([
      [3, other.memberIdx],
      [2, dev.memberIdx],
    ]);
    const v2 = await ok('GET', `/document/${created.documentIdx}/version/2`, client.key);
    expect(v2.text).toContain('April');
    expect(await codeOf('GET', `/document/${created.documentIdx}/version/9`, dev.key)).toBe(
      'DOCUMENT_VERSION_NOT_FOUND',
    );

    const byTitle = (await ok('GET', `/document?projectIdx=${projectA}&q=release`, client.key)).documents;
    expect(byTitle.map((d: { title: string }) => d.title)).toContain('Release plan');
    await ok('POST', '/document', dev.key, {
      projectIdx: projectA,
      title: 'Notes',
      content: doc('Budget 100% agreed'),
    });
    const byText = (
      await ok('GET', `/document?projectIdx=${projectA}&q=${encodeURIComponent('100%')}`, dev.key)
    ).documents;
    expect(byText.map((d: { title: string }) => d.title)).toEqual(['Notes']);
    expect(byText[0].snippet).toContain('100%');
  });

  it('a delete is undone by restore; only the author or admin authority deletes', async () => {
    const d = await ok('POST', '/document', dev.key, { projectIdx: projectA, title: 'Temp' });
    expect(await codeOf('DELETE', `/document/${d.documentIdx}`, other.key)).toBe('FORBIDDEN');
    await ok('DELETE', `/document/${d.documentIdx}`, admin.key);
    const listed = (await ok('GET', `/document?projectIdx=${projectA}`, dev.key)).documents;
    expect(listed.map((x: { documentIdx: number }) => x.documentIdx)).not.toContain(d.documentIdx);
    await ok('POST', `/document/${d.documentIdx}/restore`, dev.key);
    expect((await ok('GET', `/document/${d.documentIdx}`, dev.key)).title).toBe('Temp');
  });

  it('the bin keeps deleted items for 30 days, then the daily purge removes them for good', async () => {
    const folder = await ok('POST', '/folder', dev.key, { projectIdx: projectA, name: 'Old' });
    const inFolder = await ok('POST', '/document', dev.key, {
      projectIdx: projectA,
      folderIdx: folder.folderIdx,
      title: 'Old notes',
    });
    const alone = await ok('POST', '/document', dev.key, { projectIdx: projectA, title: 'Scratch' });
    await ok('POST', `/document/${alone.documentIdx}/share`, dev.key, {
      memberIdx: other.memberIdx,
      access: 'edit',
    });
    const kept = await ok('POST', '/document', dev.key, { projectIdx: projectA, title: 'Kept' });
    await ok('DELETE', `/folder/${folder.folderIdx}`, dev.key);
    await ok('DELETE', `/document/${alone.documentIdx}`, dev.key);
    const purge = async () => {
      await t.app.ctx.jobs.send(BIN_PURGE_JOB, {});
      await t.app.ctx.jobs.idle(BIN_PURGE_JOB);
    };
    /** As if these items had been deleted `days` earlier than they were. */
    const age = async (days: number) => {
      const db = t.app.ctx.database.db;
      await db.execute(
        sql`update document set deleted_at = deleted_at - make_interval(days => ${days}) where deleted_at is not null`,
      );
      await db.execute(
        sql`update folder set deleted_at = deleted_at - make_interval(days => ${days}) where deleted_at is not null`,
      );
    };
    await age(BIN_KEEP_DAYS - 1);
    await purge();
    // Still restorable the day before.
    await ok('POST', `/document/${alone.documentIdx}/restore`, dev.key);
    await ok('DELETE', `/document/${alone.documentIdx}`, dev.key);
    await age(2);
    // Only the folder and its document were deleted long enough ago; Scratch was deleted again 2 days ago.
    await purge();
    expect(await codeOf('POST', `/document/${inFolder.documentIdx}/restore`, dev.key)).toBe(
      'DOCUMENT_NOT_FOUND',
    );
    expect(await codeOf('PATCH', `/folder/${folder.folderIdx}`, dev.key, { restore: true })).toBe(
      'FOLDER_NOT_FOUND',
    );
    await ok('POST', `/document/${alone.documentIdx}/restore`, dev.key);
    expect((await ok('GET', `/document/${alone.documentIdx}`, other.key)).can.edit).toBe(true);
    expect((await ok('GET', `/document/${kept.documentIdx}`, dev.key)).title).toBe('Kept');
  });

  it('clients read but do not write, unless a share gives them edit', async () => {
    const d = await ok('POST', '/document', dev.key, { projectIdx: projectA, title: 'Requirements' });
    const seen = await ok('GET', `/document/${d.documentIdx}`, client.key);
    expect(seen.can).toEqual({ edit: false, share: false, delete: false });
    expect(await codeOf('PATCH', `/document/${d.documentIdx}`, client.key, { title: 'X' })).toBe(
      'PROFESSIONAL_ONLY',
    );
    expect(
      await codeOf('POST', `/document/${d.documentIdx}/share`, other.key, {
        memberIdx: client.memberIdx,
        access: 'edit',
      }),
    ).toBe('FORBIDDEN');
    const share = await ok('POST', `/document/${d.documentIdx}/share`, dev.key, {
      memberIdx: client.memberIdx,
      access: 'edit',
    });
    const edited = await ok('PATCH', `/document/${d.documentIdx}`, client.key, { title: 'Requirements v2' });
    expect(edited.title).toBe('Requirements v2');
    await ok('DELETE', `/document/share/${share.shareIdx}`, dev.key);
    expect(await codeOf('PATCH', `/document/${d.documentIdx}`, client.key, { title: 'v3' })).toBe(
      'PROFESSIONAL_ONLY',
    );
    expect(
      await codeOf('POST', `/document/${d.documentIdx}/share`, dev.key, {
        memberIdx: outsider.memberIdx,
        access: 'view',
      }),
    ).toBe('MEMBER_NOT_FOUND');
  });

  it('a private document is hidden from members it is not shared with; a view share only reads', async () => {
    const d = await ok('POST', '/document', dev.key, {
      projectIdx: projectA,
      title: 'Salary notes',
      visibility: 'private',
      content: doc('confidential'),
    });
    // A member of the project hears "private, not shared with you" (403, no title or content);
    // anyone outside the project gets the answer of a missing id, so ids reveal nothing to them.
    const refused = await req('GET', `/document/${d.documentIdx}`, other.key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('DOCUMENT_NO_ACCESS');
    expect(refused.body).not.toContain('Salary notes');
    for (const [method, url] of [
      ['PATCH', `/document/${d.documentIdx}`],
      ['GET', `/document/${d.documentIdx}/export`],
    ] as [Method, string][])
      expect(await codeOf(method, url, other.key, method === 'PATCH' ? { title: 'x' } : undefined)).toBe(
        'DOCUMENT_NO_ACCESS',
      );
    const stranger = await req('GET', `/document/${d.documentIdx}`, outsider.key);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('DOCUMENT_NOT_FOUND');
    expect(await codeOf('GET', `/document/${d.documentIdx + 100_000}`, other.key)).toBe('DOCUMENT_NOT_FOUND');
    expect((await req('GET', `/document/${d.documentIdx}`, undefined)).statusCode).toBe(401);
    const listOf = async (key: string) =>
      (await ok('GET', `/document?projectIdx=${projectA}&q=confidential`, key)).documents.length;
    expect(await listOf(other.key)).toBe(0);
    expect(await listOf(admin.key)).toBe(1);
    await ok('POST', `/document/${d.documentIdx}/share`, dev.key, {
      memberIdx: other.memberIdx,
      access: 'view',
    });
    expect(await listOf(other.key)).toBe(1);
    const seen = await ok('GET', `/document/${d.documentIdx}`, other.key);
    expect(seen.can.edit).toBe(false);
    expect(seen.shares).toEqual([]);
    expect(await codeOf('PATCH', `/document/${d.documentIdx}`, other.key, { title: 'x' })).toBe(
      'DOCUMENT_ACCESS_DENIED',
    );
  });

  it('a folder share gives its member view or edit on everything below it, private documents too', async () => {
    const contracts = await ok('POST', '/folder', dev.key, { projectIdx: projectA, name: 'Contracts' });
    const signed = await ok('POST', '/folder', dev.key, {
      projectIdx: projectA,
      parentIdx: contracts.folderIdx,
      name: 'Signed',
    });
    const hidden = await ok('POST', '/document', dev.key, {
      projectIdx: projectA,
      folderIdx: signed.folderIdx,
      title: 'Rates',
      visibility: 'private',
      content: doc('hourly rates'),
    });
    const open = await ok('POST', '/document', dev.key, {
      projectIdx: projectA,
      folderIdx: signed.folderIdx,
      title: 'Scope',
    });
    const folderOf = async (key: string, folderIdx: number) =>
      (await ok('GET', `/folder?projectIdx=${projectA}`, key)).folders.find(
        (f: { folderIdx: number }) => f.folderIdx === folderIdx,
      );
    const titlesIn = async (key: string) =>
      (await ok('GET', `/document?projectIdx=${projectA}&folderIdx=${signed.folderIdx}`, key)).documents
        .map((d: { title: string }) => d.title)
        .sort();

    // Only those who manage the folder share it: not another professional, not a stranger.
    expect(
      await codeOf('POST', `/folder/${contracts.folderIdx}/share`, other.key, {
        memberIdx: client.memberIdx,
        access: 'view',
      }),
    ).toBe('FORBIDDEN');
    expect(
      await codeOf('POST', `/folder/${contracts.folderIdx}/share`, outsider.key, {
        memberIdx: outsider.memberIdx,
        access: 'view',
      }),
    ).toBe('FOLDER_NOT_FOUND');
    expect(
      await codeOf('POST', `/folder/${contracts.folderIdx}/share`, dev.key, {
        memberIdx: outsider.memberIdx,
        access: 'view',
      }),
    ).toBe('MEMBER_NOT_FOUND');
    expect((await folderOf(dev.key, contracts.folderIdx)).can).toEqual({ share: true, addDocument: true });
    expect((await folderOf(other.key, contracts.folderIdx)).can).toEqual({ share: false, addDocument: true });
    expect((await folderOf(client.key, contracts.folderIdx)).can).toEqual({
      share: false,
      addDocument: false,
    });

    // Before: the client sees the open document only, and cannot add one.
    expect(await titlesIn(client.key)).toEqual(['Scope']);
    const add = { projectIdx: projectA, folderIdx: signed.folderIdx, title: 'Client notes' };
    expect(await codeOf('POST', '/document', client.key, add)).toBe('PROFESSIONAL_ONLY');

    // A view share of the parent: the private document below it is listed and read, not written.
    const share = await ok('POST', `/folder/${contracts.folderIdx}/share`, dev.key, {
      memberIdx: client.memberIdx,
      access: 'view',
    });
    expect(share).toMatchObject({
      folderIdx: contracts.folderIdx,
      memberIdx: client.memberIdx,
      access: 'view',
    });
    expect(await titlesIn(client.key)).toEqual(['Rates', 'Scope']);
    expect((await ok('GET', `/document/${hidden.documentIdx}`, client.key)).can).toEqual({
      edit: false,
      share: false,
      delete: false,
    });
    expect(await codeOf('PATCH', `/document/${hidden.documentIdx}`, client.key, { title: 'x' })).toBe(
      'DOCUMENT_ACCESS_DENIED',
    );
    expect(await folderOf(client.key, signed.folderIdx)).toMatchObject({ sharedAccess: 'view', shares: [] });
    // Its shares are shown to those who manage the folder, and only to them.
    expect((await folderOf(dev.key, contracts.folderIdx)).shares).toEqual([share]);
    expect((await folderOf(other.key, contracts.folderIdx)).shares).toEqual([]);

    // Sharing again with edit changes the access: the client now writes and adds documents there.
    await ok('POST', `/folder/${contracts.folderIdx}/share`, dev.key, {
      memberIdx: client.memberIdx,
      access: 'edit',
    });
    expect((await folderOf(dev.key, contracts.folderIdx)).shares).toHaveLength(1);
    const edited = await ok('PATCH', `/document/${open.documentIdx}`, client.key, { title: 'Scope v2' });
    expect(edited.title).toBe('Scope v2');
    const added = await ok('POST', '/document', client.key, add);
    expect(added.can).toEqual({ edit: true, share: true, delete: true });
    // ...but only there: not at the top level.
    expect(await codeOf('POST', '/document', client.key, { projectIdx: projectA, title: 'Elsewhere' })).toBe(
      'PROFESSIONAL_ONLY',
    );

    // Revoked: the private document is hidden again, the open one read-only.
    expect(await codeOf('DELETE', `/folder/share/${share.shareIdx}`, other.key)).toBe('FORBIDDEN');
    expect(await codeOf('DELETE', `/folder/share/${share.shareIdx}`, outsider.key)).toBe(
      'DOCUMENT_SHARE_NOT_FOUND',
    );
    await ok('DELETE', `/folder/share/${share.shareIdx}`, dev.key);
    expect(await codeOf('GET', `/document/${hidden.documentIdx}`, client.key)).toBe('DOCUMENT_NO_ACCESS');
    expect(await titlesIn(client.key)).toEqual(['Client notes', 'Scope v2']);
    expect(await codeOf('PATCH', `/document/${open.documentIdx}`, client.key, { title: 'x' })).toBe(
      'PROFESSIONAL_ONLY',
    );
    expect(await codeOf('DELETE', `/folder/share/${share.shareIdx}`, dev.key)).toBe(
      'DOCUMENT_SHARE_NOT_FOUND',
    );
  });

  it('a public link opens the document without sign-in, shows nothing else, and stops when revoked', async () => {
    const d = await ok('POST', '/document', dev.key, {
      projectIdx: projectA,
      title: 'Public spec',
      content: doc('hello'),
    });
    const link = await ok('POST', `/document/${d.documentIdx}/public-link`, dev.key);
    expect(link.url).toMatch(new RegExp(`/#/public/document/${link.token}$`));
    const open = await req('GET', `/public/document/${link.token}`);
    expect(open.statusCode).toBe(200);
    expect(Object.keys(open.json().data).sort()).toEqual(['content', 'title', 'updatedAt']);
    expect(open.json().data.title).toBe('Public spec');
    // The token is not a key: the project's other calls stay closed.
    expect((await req('GET', `/document?projectIdx=${projectA}`, link.token)).statusCode).toBe(401);
    expect((await ok('GET', `/document/${d.documentIdx}`, dev.key)).hasPublicLink).toBe(true);
    await ok('DELETE', `/document/${d.documentIdx}/public-link`, admin.key);
    expect(await codeOf('GET', `/public/document/${link.token}`, undefined)).toBe('DOCUMENT_LINK_INVALID');
    expect(await codeOf('GET', `/public/document/${'x'.repeat(43)}`, undefined)).toBe(
      'DOCUMENT_LINK_INVALID',
    );
  });

  it('images are project files: a public link and an export show them by signed address, never another project’s', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const uploadTo = async (projectIdx: number, key: string) => {
      const { payload, headers } = fileUpload(png, 'diagram.png');
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/file?projectIdx=${projectIdx}`,
        payload,
        headers: { ...headers, ...bearer(key) },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.fileIdx as number;
    };
    const ours = await uploadTo(projectA, dev.key);
    const theirs = await uploadTo(projectB, outsider.key);
    const image = (fileIdx: number, alt: string) => ({
      type: 'image',
      attrs: { src: `teamline-file:${fileIdx}`, alt },
    });
    const d = await ok('POST', '/document', dev.key, {
      projectIdx: projectA,
      title: 'Architecture',
      content: { type: 'doc', content: [image(ours, 'Ours'), image(theirs, 'Theirs')] },
    });
    // Stored as the file's name, not as an address that expires.
    expect((await ok('GET', `/document/${d.documentIdx}`, dev.key)).content.content[0].attrs.src).toBe(
      `teamline-file:${ours}`,
    );

    const link = await ok('POST', `/document/${d.documentIdx}/public-link`, dev.key);
    const shown = (await req('GET', `/public/document/${link.token}`)).json().data.content.content;
    expect(shown[0].attrs.src).toMatch(/^\/api\/file\/signed\?/);
    const bytes = await t.app.inject({ method: 'GET', url: shown[0].attrs.src });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
    // A file of another project is not signed for this document's readers.
    // The saved image carries the schema's attributes (title, width, height) as the editor writes them.
    expect(shown[1].attrs).toMatchObject({ src: '', alt: 'Theirs' });

    const exported = await req('GET', `/document/${d.documentIdx}/export?format=md`, dev.key);
    expect(exported.body).toMatch(
      /!\[Ours\]\(https?:\/\/[^/]+\/api\/file\/signed\?fileIdx=\d+&expires=\d+&signature=[\w-]+\)/,
    );
    expect(exported.body).not.toContain('teamline-file:');
  });

  it('another project’s documents and folders are refused, never answered with data', async () => {
    const theirs = await ok('POST', '/document', outsider.key, { projectIdx: projectB, title: 'Secret' });
    for (const [method, url] of [
      ['GET', `/document/${theirs.documentIdx}`],
      ['PATCH', `/document/${theirs.documentIdx}`],
      ['DELETE', `/document/${theirs.documentIdx}`],
      ['GET', `/document/${theirs.documentIdx}/version`],
      ['GET', `/document/${theirs.documentIdx}/export`],
      ['POST', `/document/${theirs.documentIdx}/public-link`],
    ] as [Method, string][]) {
      const res = await req(method, url, admin.key, method === 'PATCH' ? { title: 'x' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe('DOCUMENT_NOT_FOUND');
    }
    expect(await codeOf('GET', `/document?projectIdx=${projectB}`, admin.key)).toBe('PROJECT_ACCESS_DENIED');
    // Moving a document into another project's folder is refused too.
    const folderB = await ok('POST', '/folder', outsider.key, { projectIdx: projectB, name: 'B' });
    const mine = await ok('POST', '/document', dev.key, { projectIdx: projectA, title: 'Mine' });
    expect(
      await codeOf('PATCH', `/document/${mine.documentIdx}`, dev.key, { folderIdx: folderB.folderIdx }),
    ).toBe('FOLDER_NOT_FOUND');
  });

  it('exports Markdown with headings, lists, task lists, tables, code and links', async () => {
    const content = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Plan' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'See ' },
            {
              type: 'text',
              text: 'the spec',
              marks: [{ type: 'link', attrs: { href: 'https://x.test/spec' } }],
            },
            { type: 'text', text: ' and ' },
            { type: 'text', text: 'bold', marks: [{ type: 'bold' }] },
          ],
        },
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [paragraph('one')] },
            {
              type: 'listItem',
              content: [
                paragraph('two'),
                { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph('two.a')] }] },
              ],
            },
          ],
        },
        {
          type: 'taskList',
          content: [
            { type: 'taskItem', attrs: { checked: true }, content: [paragraph('done')] },
            { type: 'taskItem', attrs: { checked: false }, content: [paragraph('open')] },
          ],
        },
        { type: 'codeBlock', attrs: { language: 'ts' }, content: [{ type: 'text', text: 'const a = 1;' }] },
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [
                { type: 'tableHeader', content: [paragraph('Name')] },
                { type: 'tableHeader', content: [paragraph('Due')] },
              ],
            },
            {
              type: 'tableRow',
              content: [
                { type: 'tableCell', content: [paragraph('API')] },
                { type: 'tableCell', content: [paragraph('3월 2일')] },
              ],
            },
          ],
        },
      ],
    };
    const d = await ok('POST', '/document', dev.key, { projectIdx: projectA, title: '출시 계획', content });
    const res = await req('GET', `/document/${d.documentIdx}/export?format=md`, client.key);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/markdown');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('출시 계획')}.md`,
    );
    expect(res.body).toBe(
      [
        '# 출시 계획',
        '',
        '## Plan',
        '',
        'See [the spec](https://x.test/spec) and **bold**',
        '- one',
        '- two',
        '  - two.a',
        '- [x] done',
        '- [ ] open',
        '',
        '```ts',
        'const a = 1;',
        '```',
        '',
        '| Name | Due |',
        '| --- | --- |',
        '| API | 3월 2일 |',
        '',
      ].join('\n'),
    );
  });
});
