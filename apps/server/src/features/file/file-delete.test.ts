import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { createTestApp, storedKeys as keysInStorage, type TestApp } from '../../test/test-app.js';
import { pngOf, uploaded, uploadTo } from '../../test/upload.js';
import { UNATTACHED_SWEEP_JOB } from './unattached-sweep.job.js';
import { UPLOAD_SWEEP_JOB } from './upload-sweep.job.js';

/**
 * Deleting files frees their storage and quota (issue 30 "Files that can be deleted";
 * docs/decisions.md "Files and my data"): by `DELETE /file`, by taking a file off what used it
 * (profile, review, request), and by the daily sweep of files attached to nothing.
 */
let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'del');
  call = api(t);
});
afterAll(async () => {
  await t?.close();
});

const usage = async (key: string) => (await call('GET', '/file/usage', key)).json().data.usedBytes as number;
const projectUsage = async () =>
  (await call('GET', `/project/${f.projectA}/storage`, f.admin.key)).json().data.usedBytes as number;
const storedKeys = () => keysInStorage(t);
const keyOf = async (fileIdx: number) => {
  const result = await t.database.db.execute(sql`select storage_key from file where file_idx = ${fileIdx}`);
  return (result as { rows: { storage_key: string }[] }).rows[0]?.storage_key ?? null;
};
/** Whether the file's row and bytes are still there. */
async function exists(fileIdx: number) {
  const key = await keyOf(fileIdx);
  return { row: key !== null, bytes: key !== null && (await storedKeys()).includes(key) };
}
const gone = { row: false, bytes: false };
const kept = { row: true, bytes: true };

describe('DELETE /file/{fileIdx}', () => {
  it('an own file: deleted, the member quota back, the bytes gone from storage', async () => {
    const before = await usage(f.solo.key);
    const fileIdx = await uploaded(t, f.solo.key, pngOf(3000), 'mine.png');
    const key = (await keyOf(fileIdx))!;
    expect(await usage(f.solo.key)).toBe(before + 3000);
    expect(await storedKeys()).toContain(key);

    const res = await call('DELETE', `/file/${fileIdx}`, f.solo.key);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ fileIdx });
    expect(await usage(f.solo.key)).toBe(before);
    expect(await storedKeys()).not.toContain(key);
    expect(await exists(fileIdx)).toEqual(gone);
    expect((await call('GET', `/file?fileIdx=${fileIdx}`, f.solo.key)).statusCode).toBe(404);
    expect((await call('DELETE', `/file/${fileIdx}`, f.solo.key)).json().error.code).toBe('FILE_NOT_FOUND');
  });

  it("another member's own file is refused as missing, and stays", async () => {
    const fileIdx = await uploaded(t, f.dev.key, pngOf(500), 'dev.png');
    for (const who of [f.solo, f.admin, f.outsider]) {
      const res = await call('DELETE', `/file/${fileIdx}`, who.key);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('FILE_NOT_FOUND');
    }
    expect(await exists(fileIdx)).toEqual(kept);
  });

  it('a project file: the record rule decides (uploader, their lead, admin); others refused; quota back', async () => {
    const before = await projectUsage();
    const fileIdx = await uploaded(t, f.dev.key, 'project notes', 'notes.txt', f.projectA);
    expect(await projectUsage()).toBe(before + 'project notes'.length);
    // Another member's record: 403; another project's member: 404 as for a missing id.
    const solo = await call('DELETE', `/file/${fileIdx}`, f.solo.key);
    expect(solo.statusCode).toBe(403);
    expect((await call('DELETE', `/file/${fileIdx}`, f.client.key)).statusCode).toBe(403);
    const stranger = await call('DELETE', `/file/${fileIdx}`, f.outsider.key);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('FILE_NOT_FOUND');
    expect(await exists(fileIdx)).toEqual(kept);
    // The uploader's depth1 lead may.
    expect((await call('DELETE', `/file/${fileIdx}`, f.lead.key)).statusCode).toBe(200);
    expect(await projectUsage()).toBe(before);
    expect(await exists(fileIdx)).toEqual(gone);

    const byAdmin = await uploaded(t, f.solo.key, 'more', 'more.txt', f.projectA);
    expect((await call('DELETE', `/file/${byAdmin}`, f.admin.key)).statusCode).toBe(200);
    expect(await exists(byAdmin)).toEqual(gone);
  });

  it('needs a key; a malformed id is 400', async () => {
    expect((await call('DELETE', '/file/1')).statusCode).toBe(401);
    expect((await call('GET', '/file/usage')).statusCode).toBe(401);
    expect((await call('GET', `/project/${f.projectA}/storage`)).statusCode).toBe(401);
    expect((await call('DELETE', '/file/abc', f.solo.key)).statusCode).toBe(400);
  });

  it("the project's usage is for admin authority only", async () => {
    const lead = await call('GET', `/project/${f.projectA}/storage`, f.lead.key);
    expect(lead.statusCode).toBe(403);
    const stranger = await call('GET', `/project/${f.projectA}/storage`, f.outsider.key);
    expect(stranger.json().error.code).toBe('PROJECT_ACCESS_DENIED');
    const admin = await call('GET', `/project/${f.projectA}/storage`, f.admin.key);
    expect(admin.json().data).toMatchObject({ quotaBytes: t.config.storageQuota.projectBytes });
  });
});

describe('taking a file off what used it frees it', () => {
  it('a profile image: in use (409) while shown; replaced or removed, it is deleted', async () => {
    const first = await uploaded(t, f.client.key, pngOf(2000), 'me.png');
    const before = await usage(f.client.key);
    expect((await call('PATCH', '/member', f.client.key, { profileFileIdx: first })).statusCode).toBe(200);
    const inUse = await call('DELETE', `/file/${first}`, f.client.key);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.code).toBe('FILE_IN_USE');

    const second = await uploaded(t, f.client.key, pngOf(1500), 'me2.png');
    expect((await call('PATCH', '/member', f.client.key, { profileFileIdx: second })).statusCode).toBe(200);
    expect(await exists(first)).toEqual(gone);
    expect(await usage(f.client.key)).toBe(before - 2000 + 1500);

    expect((await call('PATCH', '/member', f.client.key, { profileFileIdx: null })).statusCode).toBe(200);
    expect(await exists(second)).toEqual(gone);
    expect(await usage(f.client.key)).toBe(before - 2000);
  });

  it('a review edited to drop an image frees it; deleting the review frees the rest', async () => {
    const before = await usage(f.lead.key);
    const media = async (size: number) => {
      const res = await uploadTo(t, f.lead.key, `/file/${f.solo.memberIdx}/media`, pngOf(size), 'r.png');
      expect(res.statusCode).toBe(201);
      return res.json().data.fileIdx as number;
    };
    const [a, b] = [await media(1000), await media(1200)];
    const created = await call('POST', '/review-member', f.lead.key, {
      memberIdx: f.solo.memberIdx,
      projectIdx: f.projectA,
      rating: 4,
      medias: [a, b],
    });
    expect(created.statusCode).toBe(201);
    const reviewIdx = created.json().data.reviewIdx as number;
    expect(await usage(f.lead.key)).toBe(before + 2200);

    const edited = await call('PATCH', `/review-member/${reviewIdx}`, f.lead.key, { medias: [b] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.medias).toEqual([{ fileIdx: b }]);
    expect(await exists(a)).toEqual(gone);
    expect(await exists(b)).toEqual(kept);
    expect(await usage(f.lead.key)).toBe(before + 1200);

    expect((await call('DELETE', `/review-member/${reviewIdx}`, f.lead.key)).statusCode).toBe(200);
    expect(await exists(b)).toEqual(gone);
    expect(await usage(f.lead.key)).toBe(before);
  });

  it('a deleted image cannot be put on a review', async () => {
    const res = await uploadTo(t, f.lead.key, `/file/${f.solo.memberIdx}/media`, pngOf(300), 'x.png');
    const fileIdx = res.json().data.fileIdx as number;
    expect((await call('DELETE', `/file/${fileIdx}`, f.lead.key)).statusCode).toBe(200);
    const review = await call('POST', '/review-member', f.lead.key, {
      memberIdx: f.solo.memberIdx,
      projectIdx: f.projectA,
      rating: 3,
      medias: [fileIdx],
    });
    expect(review.json().error.code).toBe('REVIEW_MEDIA_INVALID');
  });

  it('a request attachment removed from the request, or on a withdrawn request, is freed', async () => {
    const before = await projectUsage();
    const one = await uploaded(t, f.dev.key, 'first attachment', 'a.txt', f.projectA);
    const two = await uploaded(t, f.dev.key, 'second attachment', 'b.txt', f.projectA);
    const created = await call('POST', '/request', f.dev.key, {
      projectIdx: f.projectA,
      receiverIdx: f.solo.mip,
      title: 'Files',
      dueDt: '20300101',
      fileIdxs: [one, two],
    });
    expect(created.statusCode, created.body).toBe(201);
    const requestIdx = created.json().data.requestIdx as number;
    expect((await call('DELETE', `/file/${one}`, f.dev.key)).json().error.code).toBe('FILE_IN_USE');

    const patched = await call('PATCH', `/request/${requestIdx}`, f.dev.key, { fileIdxs: [two] });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await exists(one)).toEqual(gone);
    expect(await exists(two)).toEqual(kept);

    expect((await call('DELETE', `/request/${requestIdx}`, f.dev.key)).statusCode).toBe(200);
    expect(await exists(two)).toEqual(gone);
    expect(await projectUsage()).toBe(before);
  });

  it('a file on two requests stays until taken off both; a deleted file cannot be attached', async () => {
    const shared = await uploaded(t, f.dev.key, 'shared', 's.txt', f.projectA);
    const make = async () =>
      (
        await call('POST', '/request', f.dev.key, {
          projectIdx: f.projectA,
          receiverIdx: f.solo.mip,
          title: 'Shared',
          dueDt: '20300101',
          fileIdxs: [shared],
        })
      ).json().data.requestIdx as number;
    const [r1, r2] = [await make(), await make()];
    expect((await call('DELETE', `/request/${r1}`, f.dev.key)).statusCode).toBe(200);
    expect(await exists(shared)).toEqual(kept);
    expect((await call('DELETE', `/request/${r2}`, f.dev.key)).statusCode).toBe(200);
    expect(await exists(shared)).toEqual(gone);

    const again = await call('POST', '/request', f.dev.key, {
      projectIdx: f.projectA,
      receiverIdx: f.solo.mip,
      title: 'Gone',
      dueDt: '20300101',
      fileIdxs: [shared],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fieldErrors).toHaveProperty('fileIdxs');
  });
});

describe('the daily sweep of files attached to nothing', () => {
  const sweep = async () => {
    await t.app.ctx.jobs.send(UNATTACHED_SWEEP_JOB, {});
    await t.app.ctx.jobs.idle(UNATTACHED_SWEEP_JOB);
  };

  it('deletes uploads never attached once a day old, and nothing attached', async () => {
    const abandoned = await uploaded(t, f.solo.key, pngOf(700), 'never-saved.png');
    const projectAbandoned = await uploaded(t, f.solo.key, 'never sent', 'n.txt', f.projectA);
    const avatar = await uploaded(t, f.solo.key, pngOf(400), 'avatar.png');
    await call('PATCH', '/member', f.solo.key, { profileFileIdx: avatar });
    const attachment = await uploaded(t, f.dev.key, 'sent', 'sent.txt', f.projectA);
    await call('POST', '/request', f.dev.key, {
      projectIdx: f.projectA,
      receiverIdx: f.solo.mip,
      title: 'Kept',
      dueDt: '20300101',
      fileIdxs: [attachment],
    });
    const fileDocument = await uploaded(t, f.admin.key, 'a file document', 'doc.txt', f.projectA);
    expect(
      (
        await call('POST', '/document', f.admin.key, {
          projectIdx: f.projectA,
          title: 'Uploaded',
          fileIdx: fileDocument,
        })
      ).statusCode,
    ).toBe(201);
    const image = await uploaded(t, f.admin.key, pngOf(900), 'figure.png', f.projectA);
    const page = (src: string) => ({
      type: 'doc',
      content: [{ type: 'image', attrs: { src } }],
    });
    const doc = await call('POST', '/document', f.admin.key, {
      projectIdx: f.projectA,
      title: 'Figures',
      content: page(`teamline-file:${image}`),
    });
    expect(doc.statusCode, doc.body).toBe(201);
    const all = [abandoned, projectAbandoned, avatar, attachment, fileDocument, image];

    // Someone else's save starts a new version: the old one still shows the image.
    const documentIdx = doc.json().data.documentIdx as number;
    const saved = await call('PATCH', `/document/${documentIdx}`, f.lead.key, {
      content: { type: 'doc', content: [{ type: 'paragraph' }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // Not before a day.
    await sweep();
    for (const fileIdx of all) expect(await exists(fileIdx), `file ${fileIdx}`).toEqual(kept);

    t.clock.advanceMinutes(25 * 60);
    try {
      await sweep();
    } finally {
      t.clock.reset();
    }
    expect(await exists(abandoned)).toEqual(gone);
    expect(await exists(projectAbandoned)).toEqual(gone);
    for (const fileIdx of [avatar, attachment, fileDocument, image])
      expect(await exists(fileIdx), `file ${fileIdx}`).toEqual(kept);
  });

  it("a document cannot keep another project's file by naming it", async () => {
    const elsewhere = await uploaded(t, f.outsider.key, pngOf(300), 'b.png', f.projectB);
    const doc = await call('POST', '/document', f.admin.key, {
      projectIdx: f.projectA,
      title: 'Borrowed',
      content: { type: 'doc', content: [{ type: 'image', attrs: { src: `teamline-file:${elsewhere}` } }] },
    });
    expect(doc.statusCode).toBe(201);
    t.clock.advanceMinutes(25 * 60);
    try {
      await sweep();
    } finally {
      t.clock.reset();
    }
    expect(await exists(elsewhere)).toEqual(gone);
  });
});

describe('a deletion a crash interrupted', () => {
  it('the hourly job finishes a committed deletion whose bytes were not removed yet', async () => {
    const fileIdx = await uploaded(t, f.solo.key, pngOf(600), 'half.png');
    const before = await usage(f.solo.key);
    // The state a crash right after the marking transaction leaves: marked, bytes and row still there.
    await t.database.db.execute(
      sql`update file set deleted_at = now(), deleted_reason = 'deleted' where file_idx = ${fileIdx}`,
    );
    expect(await usage(f.solo.key)).toBe(before - 600);
    expect(await exists(fileIdx)).toEqual(kept);
    await t.app.ctx.jobs.send(UPLOAD_SWEEP_JOB, {});
    await t.app.ctx.jobs.idle(UPLOAD_SWEEP_JOB);
    expect(await exists(fileIdx)).toEqual(gone);
  });

  it('a marked file that something uses after all is brought back, never deleted', async () => {
    const fileIdx = await uploaded(t, f.solo.key, pngOf(600), 'still-used.png');
    await call('PATCH', '/member', f.solo.key, { profileFileIdx: fileIdx });
    await t.database.db.execute(
      sql`update file set deleted_at = now(), deleted_reason = 'deleted' where file_idx = ${fileIdx}`,
    );
    await t.app.ctx.jobs.send(UPLOAD_SWEEP_JOB, {});
    await t.app.ctx.jobs.idle(UPLOAD_SWEEP_JOB);
    expect(await exists(fileIdx)).toEqual(kept);
    expect((await call('GET', `/file?fileIdx=${fileIdx}`, f.solo.key)).statusCode).toBe(200);
  });
});
