import type { RecruitmentListQuery } from '@teamline/contract';
import { and, count, desc, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { applications, members, projects, recruitments, recruitmentColumns } from '../../db/schema/index.js';
import type { RowOf } from '../../db/schema/columns.js';
import type { Db } from '../../infra/db.js';

export type RecruitmentRow = RowOf<typeof recruitments>;
export type ApplicationRow = typeof applications.$inferSelect;
/** A post with what its answer shows beside it. */
export interface RecruitmentView {
  post: RecruitmentRow;
  projectName: string;
  postedByNickname: string;
  applicationCount: number;
}

/** `%`, `_` and `\` typed by a user match themselves in ILIKE. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The only code touching `recruitment` and `application`. */
export function createRecruitmentRepository(db: Db) {
  const live = and(isNull(recruitments.deletedAt), eq(projects.delYn, 'N'));
  const view = () =>
    db
      .select({
        post: recruitmentColumns,
        projectName: projects.name,
        postedByNickname: members.nickname,
        applicationCount: sql<number>`(select count(*)::int from ${applications} a where a.recruitment_idx = ${recruitments.recruitmentIdx} and a.status <> 'withdrawn')`,
      })
      .from(recruitments)
      .innerJoin(projects, eq(projects.projectIdx, recruitments.projectIdx))
      .innerJoin(members, eq(members.memberIdx, recruitments.postedByIdx));

  return {
    async insert(row: typeof recruitments.$inferInsert): Promise<RecruitmentRow> {
      const [created] = await db.insert(recruitments).values(row).returning(recruitmentColumns);
      return created!;
    },
    /** A live post (not deleted, its project not deleted) with its names and count. */
    async findView(recruitmentIdx: number): Promise<RecruitmentView | null> {
      const [row] = await view().where(and(eq(recruitments.recruitmentIdx, recruitmentIdx), live));
      return row ?? null;
    },
    /** The live post row locked for the rest of the transaction. */
    async lockById(recruitmentIdx: number): Promise<RecruitmentRow | null> {
      const [row] = await db
        .select({ post: recruitmentColumns })
        .from(recruitments)
        .innerJoin(projects, eq(projects.projectIdx, recruitments.projectIdx))
        .where(and(eq(recruitments.recruitmentIdx, recruitmentIdx), live))
        .for('update', { of: recruitments });
      return row?.post ?? null;
    },
    /**
     * Live posts matching the query, newest first: open ones, and closed ones of `managed` projects
     * only (`mine`: only the managed projects' posts, whatever their status).
     */
    async list(query: RecruitmentListQuery, managed: number[]): Promise<RecruitmentView[]> {
      const isManaged = managed.length > 0 ? inArray(recruitments.projectIdx, managed) : sql`false`;
      const where: (SQL | undefined)[] = [live];
      where.push(query.mine === 'Y' ? isManaged : or(eq(recruitments.status, 'open'), isManaged));
      if (query.status) where.push(eq(recruitments.status, query.status));
      if (query.workType) where.push(eq(recruitments.workType, query.workType));
      if (query.currency) where.push(eq(recruitments.currency, query.currency));
      if (query.rate !== undefined)
        where.push(lte(recruitments.rateMin, query.rate), gte(recruitments.rateMax, query.rate));
      if (query.skill)
        where.push(
          sql`exists (select 1 from jsonb_array_elements_text(${recruitments.skills}) s where lower(s) = lower(${query.skill}))`,
        );
      if (query.q) {
        const like = likeText(query.q);
        where.push(
          or(
            ilike(recruitments.title, like),
            ilike(recruitments.description, like),
            ilike(projects.name, like),
            sql`${recruitments.skills}::text ilike ${like}`,
          ),
        );
      }
      return view()
        .where(and(...where))
        .orderBy(desc(recruitments.recruitmentIdx))
        .limit(200);
    },
    async update(recruitmentIdx: number, set: Partial<typeof recruitments.$inferInsert>) {
      const [row] = await db
        .update(recruitments)
        .set(set)
        .where(eq(recruitments.recruitmentIdx, recruitmentIdx))
        .returning(recruitmentColumns);
      return row!;
    },

    async insertApplication(row: typeof applications.$inferInsert): Promise<ApplicationRow | null> {
      const [created] = await db.insert(applications).values(row).onConflictDoNothing().returning();
      return created ?? null;
    },
    async findApplication(recruitmentIdx: number, memberIdx: number): Promise<ApplicationRow | null> {
      const [row] = await db
        .select()
        .from(applications)
        .where(and(eq(applications.recruitmentIdx, recruitmentIdx), eq(applications.memberIdx, memberIdx)));
      return row ?? null;
    },
    /** The caller's applications to the given posts, by post. */
    async applicationsOf(memberIdx: number, recruitmentIdxs: number[]) {
      if (recruitmentIdxs.length === 0) return new Map<number, ApplicationRow>();
      const rows = await db
        .select()
        .from(applications)
        .where(
          and(eq(applications.memberIdx, memberIdx), inArray(applications.recruitmentIdx, recruitmentIdxs)),
        );
      return new Map(rows.map((r) => [r.recruitmentIdx, r]));
    },
    /** The application locked for the rest of the transaction. */
    async lockApplication(applicationIdx: number): Promise<ApplicationRow | null> {
      const [row] = await db
        .select()
        .from(applications)
        .where(eq(applications.applicationIdx, applicationIdx))
        .for('update');
      return row ?? null;
    },
    /** A post's applications with the applicant's profile fields, oldest first. */
    async listApplications(recruitmentIdx: number) {
      return db
        .select({
          application: applications,
          nickname: members.nickname,
          colorCode: members.colorCode,
          profileFileIdx: members.profileFileIdx,
          job: members.job,
        })
        .from(applications)
        .innerJoin(members, eq(members.memberIdx, applications.memberIdx))
        .where(eq(applications.recruitmentIdx, recruitmentIdx))
        .orderBy(applications.applicationIdx);
    },
    async findApplicationView(applicationIdx: number) {
      const [row] = await db
        .select({
          application: applications,
          nickname: members.nickname,
          colorCode: members.colorCode,
          profileFileIdx: members.profileFileIdx,
          job: members.job,
        })
        .from(applications)
        .innerJoin(members, eq(members.memberIdx, applications.memberIdx))
        .where(eq(applications.applicationIdx, applicationIdx));
      return row ?? null;
    },
    async updateApplication(applicationIdx: number, set: Partial<typeof applications.$inferInsert>) {
      const [row] = await db
        .update(applications)
        .set(set)
        .where(eq(applications.applicationIdx, applicationIdx))
        .returning();
      return row!;
    },
    async countApplications(recruitmentIdx: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(applications)
        .where(eq(applications.recruitmentIdx, recruitmentIdx));
      return row?.n ?? 0;
    },
    /** The applicant's account as the application snapshots it. */
    async account(memberIdx: number) {
      const [row] = await db
        .select({ memberIdx: members.memberIdx, career: members.career })
        .from(members)
        .where(eq(members.memberIdx, memberIdx));
      return row ?? null;
    },
  };
}
export type RecruitmentRepository = ReturnType<typeof createRecruitmentRepository>;
