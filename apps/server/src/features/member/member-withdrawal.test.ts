import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contracts,
  files,
  members,
  memberIdentities,
  notificationSettings,
  reviews,
  settlements,
  timekeepings,
} from '../../db/schema/index.js';
import { MY_DATA_EXPORT_JOB } from '../my-data/my-data.service.js';
import { api, planningFixture, type Person, type PlanningFixture } from '../../test/planning-fixture.js';
import { settlementKit, type SettlementKit } from '../../test/settlement-fixture.js';
import { createTestApp, PASSWORD, storedKeys as keysInStorage, type TestApp } from '../../test/test-app.js';
import { pngOf, uploaded, uploadTo } from '../../test/upload.js';

/**
 * Withdrawal erases the person and keeps the money records (issue 30 "My data";
 * member-erasure.repository.ts lists what goes and what stays).
 */
let t: TestApp;
let f: PlanningFixture;
let k: SettlementKit;
let call: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'wd');
  k = settlementKit(t, f, 'wd');
  call = api(t);
});
afterAll(async () => {
  await t?.close();
});

const storedKeys = () => keysInStorage(t);
const fileRow = async (fileIdx: number) =>
  (await t.database.db.select().from(files).where(eq(files.fileIdx, fileIdx)))[0] ?? null;
const count = async (table: typeof contracts | typeof settlements | typeof timekeepings, mip: number) =>
  (await t.database.db.select().from(table).where(eq(table.memberInProjectIdx, mip))).length;

describe('DELETE /member (withdrawal)', () => {
  let pro: Person;
  let contractIdx: number;
  let avatarIdx: number;
  let avatarKey: string;
  let writtenImage: number;
  let receivedImage: number;
  let projectFile: number;

  beforeAll(async () => {
    pro = await k.professional();
    const career = [{ startDt: '201901', company: 'Acme' }];
    await call('PATCH', '/member', pro.key, { career, job: 'Developer', birth: '19900102', company: 'Acme' });
    avatarIdx = await uploaded(t, pro.key, pngOf(1000), 'me.png');
    await call('PATCH', '/member', pro.key, { profileFileIdx: avatarIdx });
    avatarKey = (await fileRow(avatarIdx))!.storageKey;
    projectFile = await uploaded(t, pro.key, 'shared spec', 'spec.txt', f.projectA);
    contractIdx = await k.contractFor(pro, { startDt: '20250101', endDt: '20251231' });
    await k.logTime(pro, '20250110', 300);
    const { settlementIdx } = await k.settlementOf(contractIdx, '202501');
    await k.moved(pro, settlementIdx, 'submit');
    await k.moved(f.admin, settlementIdx, 'approve');
    // A review they wrote (with their image) and one they received (with the author's image).
    writtenImage = (await uploadTo(t, pro.key, `/file/${f.dev.memberIdx}/media`, pngOf(300), 'w.png')).json()
      .data.fileIdx;
    await call('POST', '/review-member', pro.key, {
      memberIdx: f.dev.memberIdx,
      projectIdx: f.projectA,
      rating: 4,
      content: 'Kind and precise',
      medias: [writtenImage],
    });
    receivedImage = (
      await uploadTo(t, f.admin.key, `/file/${pro.memberIdx}/media`, pngOf(300), 'r.png')
    ).json().data.fileIdx;
    await call('POST', '/review-member', f.admin.key, {
      memberIdx: pro.memberIdx,
      projectIdx: f.projectA,
      rating: 5,
      medias: [receivedImage],
    });
    expect((await call('PUT', '/member/notification-setting', pro.key, { digest: true })).statusCode).toBe(
      200,
    );
    expect(
      await t.database.db
        .select()
        .from(notificationSettings)
        .where(eq(notificationSettings.memberIdx, pro.memberIdx)),
    ).not.toEqual([]);
    await t.database.db.insert(memberIdentities).values({
      memberIdx: pro.memberIdx,
      issuer: 'https://accounts.google.com',
      subject: 'g-123',
      email: pro.email,
    });
    // An archive of their data, ready in storage.
    expect((await call('POST', '/member/export', pro.key)).statusCode).toBe(202);
    await t.app.ctx.jobs.idle(MY_DATA_EXPORT_JOB);

    const res = await call('DELETE', '/member', pro.key, { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('erases personal data: a tombstone that cannot sign in, no careers, no outside sign-ins', async () => {
    const [row] = await t.database.db.select().from(members).where(eq(members.memberIdx, pro.memberIdx));
    expect(row).toMatchObject({
      email: `withdrawn-${pro.memberIdx}@withdrawn.invalid`,
      passwordHash: null,
      name: null,
      nickname: '',
      phone: null,
      birth: null,
      job: null,
      company: null,
      career: [],
      profileFileIdx: null,
    });
    expect(row!.deletedAt).not.toBeNull();
    expect(
      await t.database.db
        .select()
        .from(memberIdentities)
        .where(eq(memberIdentities.memberIdx, pro.memberIdx)),
    ).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(notificationSettings)
        .where(eq(notificationSettings.memberIdx, pro.memberIdx)),
    ).toEqual([]);
    for (const email of [pro.email, row!.email]) {
      const login = await call('POST', '/auth/login/general', undefined, { email, password: PASSWORD });
      expect(login.statusCode, email).toBeGreaterThanOrEqual(400);
    }
  });

  it('deletes their personal files (bytes too) and the reviews about them; keeps project files', async () => {
    expect(await fileRow(avatarIdx)).toBeNull();
    expect(await storedKeys()).not.toContain(avatarKey);
    expect(await fileRow(writtenImage)).toBeNull();
    expect(await fileRow(receivedImage)).toBeNull();
    expect(await fileRow(projectFile)).not.toBeNull();
    const about = await t.database.db.select().from(reviews).where(eq(reviews.memberIdx, pro.memberIdx));
    expect(about).toEqual([]);
    // The review they wrote stays, by a former member, without their image.
    const list = (
      await call('GET', `/review-member/of-member?memberIdx=${f.dev.memberIdx}`, f.dev.key)
    ).json().data;
    const written = list.reviews.find(
      (r: { reviewer: { memberIdx: number } }) => r.reviewer.memberIdx === pro.memberIdx,
    );
    expect(written).toMatchObject({ content: 'Kind and precise', medias: [], reviewer: { nickname: '' } });
  });

  it('keeps contracts, time entries and settlements; the settlement list still shows the money', async () => {
    expect(await count(contracts, pro.mip)).toBe(1);
    expect(await count(timekeepings, pro.mip)).toBe(1);
    expect(await count(settlements, pro.mip)).toBe(1);
    const list = await k.list(f.admin, '202501');
    const kept = list.settlements.find((s) => s.contractIdx === contractIdx);
    expect(kept).toMatchObject({ memberInProjectIdx: pro.mip, status: 'approved', minutes: 300 });
  });

  it('expires their data archive and deletes its bytes', async () => {
    const result = (await t.database.db.execute(
      sql`select state, storage_key from member_export where member_idx = ${pro.memberIdx}`,
    )) as { rows: { state: string; storage_key: string | null }[] };
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]!.state).toBe('expired');
    expect(await storedKeys()).not.toContain(result.rows[0]!.storage_key);
  });
});
