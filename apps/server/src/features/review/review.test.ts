import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, planningFixture, type PlanningFixture, type Person } from '../../test/planning-fixture.js';
import { addToProject, bearer, createTestApp, signUp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'rv');
  call = api(t);
});
afterAll(async () => {
  await t?.close();
});

/** A 1×1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function multipart(name: string, bytes: Buffer, extra = '') {
  const boundary = `----review${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `${extra ? `--${boundary}\r\nContent-Disposition: form-data; name="projectIdx"\r\n\r\n${extra}\r\n` : ''}` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        `Content-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /file/{memberIdx}/media as `who`. */
function media(who: Person, memberIdx: number, name = 'shot.png', bytes = png) {
  const form = multipart(name, bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/file/${memberIdx}/media`,
    payload: form.payload,
    headers: { ...form.headers, ...bearer(who.key) },
  });
}
async function image(who: Person, memberIdx: number): Promise<number> {
  const res = await media(who, memberIdx);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.fileIdx as number;
}
const code = (res: { json(): { error: { code: string } } }) => res.json().error.code;

describe('reviews of members', () => {
  it('a project mate reviews with images; the member list shows it with the average and signed image addresses', async () => {
    const a = await image(f.client, f.dev.memberIdx);
    const b = await image(f.client, f.dev.memberIdx);
    const res = await call('POST', '/review-member', f.client.key, {
      memberIdx: f.dev.memberIdx,
      content: 'Careful work\non time',
      rating: 4.5,
      medias: [a, b],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      memberIdx: f.dev.memberIdx,
      projectIdx: f.projectA,
      projectName: 'A',
      rating: 4.5,
      content: 'Careful work\non time',
      medias: [{ fileIdx: a }, { fileIdx: b }],
      reviewer: { memberIdx: f.client.memberIdx },
      can: { edit: true, delete: true },
    });
    // Rating defaults to 1 (docs/product/recruitment-and-reviews.md#reviews).
    const second = await call('POST', '/review-member', f.lead.key, { memberIdx: f.dev.memberIdx });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data).toMatchObject({ rating: 1, content: '', medias: [] });

    const list = await call('GET', `/review-member/of-member?memberIdx=${f.dev.memberIdx}`, f.solo.key);
    expect(list.statusCode, list.body).toBe(200);
    const data = list.json().data;
    expect(data).toMatchObject({ memberIdx: f.dev.memberIdx, count: 2, average: 2.8, canReview: true });
    expect(data.reviews.map((r: { can: object }) => r.can)).toEqual([
      { edit: false, delete: false },
      { edit: false, delete: false },
    ]);
    // The member reads their own reviews, and cannot review themselves.
    const own = (await call('GET', `/review-member/of-member?memberIdx=${f.dev.memberIdx}`, f.dev.key)).json()
      .data;
    expect(own).toMatchObject({ count: 2, canReview: false });
    // The client has reviewed the dev for the one project they share.
    const mine = (
      await call('GET', `/review-member/of-member?memberIdx=${f.dev.memberIdx}`, f.client.key)
    ).json().data;
    expect(mine.canReview).toBe(false);

    // Another project mate gets a signed address for an image and loads it without the key.
    const url = await call('GET', `/file/url?fileIdx=${a}`, f.solo.key);
    expect(url.statusCode, url.body).toBe(200);
    const signed = url.json().data.url as string;
    expect(signed).toMatch(/^\/api\/file\/signed\?fileIdx=\d+&expires=\d+&signature=[\w-]+$/);
    const loaded = await t.app.inject({ method: 'GET', url: signed });
    expect(loaded.statusCode).toBe(200);
    expect(loaded.headers['content-type']).toBe('image/png');
    expect(loaded.rawPayload.equals(png)).toBe(true);
    // Without a signature the plain file route still wants the key and the file rule.
    expect((await call('GET', `/file?fileIdx=${a}`, f.solo.key)).statusCode).toBe(404);
  });

  it('refuses an expired, altered or borrowed signed address, and strangers get no address', async () => {
    const fileIdx = await image(f.admin, f.solo.memberIdx);
    const review = await call('POST', '/review-member', f.admin.key, {
      memberIdx: f.solo.memberIdx,
      rating: 3,
      medias: [fileIdx],
    });
    expect(review.statusCode, review.body).toBe(201);
    const signed = (await call('GET', `/file/url?fileIdx=${fileIdx}`, f.lead.key)).json().data.url as string;
    const get = (q: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/file/signed?${new URLSearchParams(q).toString()}` });
    const q = Object.fromEntries(new URLSearchParams(signed.split('?')[1])) as Record<string, string>;
    const sig = q.signature!;
    const tampered = { ...q, signature: `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}` };
    for (const bad of [
      tampered,
      { ...q, expires: String(Number(q.expires) + 3600) },
      { ...q, fileIdx: String(Number(q.fileIdx) + 1) },
    ]) {
      const res = await get(bad);
      expect(res.statusCode, res.body).toBe(403);
      expect(code(res)).toBe('FILE_URL_INVALID');
    }
    expect((await get({ ...q, signature: 'x' })).statusCode).toBe(403);
    expect((await get(q)).statusCode).toBe(200);
    t.clock.advanceMinutes(11);
    try {
      const expired = await get(q);
      expect(expired.statusCode).toBe(403);
      expect(code(expired)).toBe('FILE_URL_INVALID');
    } finally {
      t.clock.reset();
    }
    const stranger = await call('GET', `/file/url?fileIdx=${fileIdx}`, f.outsider.key);
    expect(stranger.statusCode).toBe(404);
    expect(code(stranger)).toBe('FILE_NOT_FOUND');
    expect((await call('GET', `/file/url?fileIdx=${fileIdx}`)).statusCode).toBe(401);
  });

  it('takes images only, by their content, and at most 3 on a review', async () => {
    const pdfAsPng = await media(f.admin, f.lead.memberIdx, 'photo.png', pdf);
    expect(pdfAsPng.statusCode, pdfAsPng.body).toBe(415);
    expect(code(pdfAsPng)).toBe('FILE_TYPE_NOT_ALLOWED');
    const text = await media(f.admin, f.lead.memberIdx, 'notes.png', Buffer.from('hello'));
    expect(code(text)).toBe('FILE_TYPE_NOT_ALLOWED');
    const four = await Promise.all([1, 2, 3, 4].map(() => image(f.admin, f.lead.memberIdx)));
    const res = await call('POST', '/review-member', f.admin.key, {
      memberIdx: f.lead.memberIdx,
      rating: 4,
      medias: four,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(code(res)).toBe('VALIDATION_FAILED');
    // An image someone else uploaded, or a project file, cannot be borrowed.
    const others = await image(f.solo, f.lead.memberIdx);
    const borrowed = await call('POST', '/review-member', f.admin.key, {
      memberIdx: f.lead.memberIdx,
      medias: [others],
    });
    expect(borrowed.statusCode).toBe(400);
    expect(code(borrowed)).toBe('REVIEW_MEDIA_INVALID');
    const three = await call('POST', '/review-member', f.admin.key, {
      memberIdx: f.lead.memberIdx,
      rating: 4,
      medias: four.slice(0, 3),
    });
    expect(three.statusCode, three.body).toBe(201);
    // An image already on a review cannot go on another.
    const reused = await call('POST', '/review-member', f.client.key, {
      memberIdx: f.lead.memberIdx,
      medias: [four[0]],
    });
    expect(code(reused)).toBe('REVIEW_MEDIA_INVALID');
  });

  it('rates 0 to 5 in steps of 0.5', async () => {
    for (const rating of [5.5, 0.3, -0.5, 6]) {
      const res = await call('POST', '/review-member', f.solo.key, { memberIdx: f.client.memberIdx, rating });
      expect(res.statusCode, `${rating}: ${res.body}`).toBe(400);
      expect(res.json().error.fieldErrors).toMatchObject({ rating: 'rating' });
    }
    const ok = await call('POST', '/review-member', f.solo.key, { memberIdx: f.client.memberIdx, rating: 0 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.rating).toBe(0);
  });

  it('only people who shared a project, once per member and project, never oneself', async () => {
    const never = await call('POST', '/review-member', f.dev.key, {
      memberIdx: f.outsider.memberIdx,
      rating: 3,
    });
    expect(never.statusCode).toBe(403);
    expect(code(never)).toBe('REVIEW_NOT_SHARED');
    expect(code(await media(f.dev, f.outsider.memberIdx))).toBe('REVIEW_NOT_SHARED');
    const missing = await call('POST', '/review-member', f.dev.key, { memberIdx: 999_999 });
    expect(code(missing)).toBe('REVIEW_NOT_SHARED');
    // Naming a project the caller is not in is that project's refusal.
    const foreign = await call('POST', '/review-member', f.dev.key, {
      memberIdx: f.outsider.memberIdx,
      projectIdx: f.projectB,
    });
    expect(foreign.statusCode).toBe(403);
    expect(code(foreign)).toBe('PROJECT_ACCESS_DENIED');
    const self = await call('POST', '/review-member', f.dev.key, { memberIdx: f.dev.memberIdx });
    expect(self.statusCode).toBe(400);
    expect(code(self)).toBe('REVIEW_OWN');
    expect(code(await media(f.dev, f.dev.memberIdx))).toBe('REVIEW_OWN');
    // Strangers read no reviews of the member.
    const read = await call('GET', `/review-member/of-member?memberIdx=${f.dev.memberIdx}`, f.outsider.key);
    expect(read.statusCode).toBe(404);
    expect(code(read)).toBe('MEMBER_NOT_FOUND');

    const first = await call('POST', '/review-member', f.dev.key, {
      memberIdx: f.solo.memberIdx,
      projectIdx: f.projectA,
      rating: 2,
    });
    expect(first.statusCode, first.body).toBe(201);
    for (const body of [
      { memberIdx: f.solo.memberIdx, projectIdx: f.projectA, rating: 5 },
      { memberIdx: f.solo.memberIdx, rating: 5 },
    ]) {
      const again = await call('POST', '/review-member', f.dev.key, body);
      expect(again.statusCode, again.body).toBe(409);
      expect(code(again)).toBe('REVIEW_ALREADY_EXISTS');
    }
  });

  it('the author edits and deletes their review; nobody else, not even an admin', async () => {
    const img = await image(f.lead, f.client.memberIdx);
    const created = (
      await call('POST', '/review-member', f.lead.key, {
        memberIdx: f.client.memberIdx,
        rating: 2,
        medias: [img],
      })
    ).json().data;
    const url = `/review-member/${created.reviewIdx}`;
    for (const who of [f.admin, f.client, f.dev]) {
      const edit = await call('PATCH', url, who.key, { rating: 5 });
      expect(edit.statusCode, edit.body).toBe(403);
      expect(code(edit)).toBe('FORBIDDEN');
      expect(code(await call('DELETE', url, who.key))).toBe('FORBIDDEN');
    }
    expect(code(await call('PATCH', url, f.outsider.key, { rating: 5 }))).toBe('REVIEW_NOT_FOUND');
    expect(code(await call('DELETE', url, f.outsider.key))).toBe('REVIEW_NOT_FOUND');
    expect(code(await call('PATCH', url, f.lead.key, { rating: 5.5 }))).toBe('VALIDATION_FAILED');

    const img2 = await image(f.lead, f.client.memberIdx);
    const edited = await call('PATCH', url, f.lead.key, {
      rating: 3.5,
      content: 'Better',
      medias: [img2, img],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      rating: 3.5,
      content: 'Better',
      medias: [{ fileIdx: img2 }, { fileIdx: img }],
    });
    const removed = await call('DELETE', url, f.lead.key);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toEqual({ reviewIdx: created.reviewIdx });
    expect(code(await call('PATCH', url, f.lead.key, { rating: 1 }))).toBe('REVIEW_NOT_FOUND');
    expect(code(await call('DELETE', '/review-member/2147483648', f.lead.key))).toBe('VALIDATION_FAILED');
  });

  it('a member who left the project can still be reviewed for it by those who stayed', async () => {
    const left = await signUp(t, 'rv-left2@example.com');
    const row = await addToProject(t, f.projectA, left.memberIdx, 'depth2');
    const removal = await call('DELETE', `/member-in-project/${row.memberInProjectIdx}`, f.admin.key);
    expect(removal.statusCode, removal.body).toBeLessThan(300);
    const res = await call('POST', '/review-member', f.admin.key, { memberIdx: left.memberIdx, rating: 4 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.projectIdx).toBe(f.projectA);
  });
});
