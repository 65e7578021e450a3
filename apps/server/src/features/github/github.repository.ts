import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { githubConnections, githubLinks, githubOauthStates, githubSyncLog } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

export type GithubConnectionRow = typeof githubConnections.$inferSelect;
export type GithubSyncLogRow = typeof githubSyncLog.$inferSelect;
export type GithubLinkRow = typeof githubLinks.$inferSelect;
export type NewGithubLink = typeof githubLinks.$inferInsert;

const SYNC_LOG_LIMIT = 100;

export function createGithubRepository(db: Db) {
  return {
    async connection(projectIdx: number): Promise<GithubConnectionRow | null> {
      const [row] = await db
        .select()
        .from(githubConnections)
        .where(eq(githubConnections.projectIdx, projectIdx));
      return row ?? null;
    },
    /** Connects (or reconnects with a new token): repository, branch and key are kept on a reconnect. */
    async connect(row: typeof githubConnections.$inferInsert): Promise<GithubConnectionRow> {
      const [saved] = await db
        .insert(githubConnections)
        .values(row)
        .onConflictDoUpdate({
          target: githubConnections.projectIdx,
          set: {
            authKind: row.authKind,
            account: row.account,
            tokenCipher: row.tokenCipher,
            status: 'ACTIVE',
            connectedAt: sql`now()`,
            connectedByIdx: row.connectedByIdx,
          },
        })
        .returning();
      return saved!;
    },
    /**
     * GitHub accounts members proved theirs by connecting a project with them (token or OAuth):
     * `account` login → the member who connected, for those of `logins`.
     */
    async accountsOf(logins: string[]): Promise<{ login: string; memberIdx: number }[]> {
      if (logins.length === 0) return [];
      return db
        .selectDistinct({ login: githubConnections.account, memberIdx: githubConnections.connectedByIdx })
        .from(githubConnections)
        .where(inArray(githubConnections.account, logins));
    },
    async update(projectIdx: number, patch: Partial<typeof githubConnections.$inferInsert>) {
      const [row] = await db
        .update(githubConnections)
        .set(patch)
        .where(eq(githubConnections.projectIdx, projectIdx))
        .returning();
      return row ?? null;
    },
    async remove(projectIdx: number): Promise<void> {
      await db.delete(githubConnections).where(eq(githubConnections.projectIdx, projectIdx));
    },
    /** ACTIVE connections with a repository that GitHub has not reached by webhook since `since`. */
    async toPoll(since: Date): Promise<number[]> {
      const rows = await db
        .select({ projectIdx: githubConnections.projectIdx })
        .from(githubConnections)
        .where(
          and(
            eq(githubConnections.status, 'ACTIVE'),
            isNotNull(githubConnections.repo),
            or(isNull(githubConnections.lastWebhookAt), lt(githubConnections.lastWebhookAt, since)),
          ),
        );
      return rows.map((r) => r.projectIdx);
    },

    // ---- links ----
    /** Inserts or refreshes (title, state) the links; returns how many rows were new or changed. */
    async upsertLinks(rows: NewGithubLink[]): Promise<number> {
      if (rows.length === 0) return 0;
      const saved = await db
        .insert(githubLinks)
        .values(rows)
        .onConflictDoUpdate({
          target: [githubLinks.storyIdx, githubLinks.kind, githubLinks.ref],
          set: { title: sql`excluded.title`, state: sql`excluded.state`, at: sql`excluded.at` },
          setWhere: sql`${githubLinks.state} is distinct from excluded.state or ${githubLinks.title} is distinct from excluded.title`,
        })
        .returning({ idx: githubLinks.githubLinkIdx });
      return saved.length;
    },
    async linksOf(storyIdx: number) {
      return db
        .select()
        .from(githubLinks)
        .where(eq(githubLinks.storyIdx, storyIdx))
        .orderBy(desc(githubLinks.at));
    },
    // ---- sync log ----
    /**
     * A received delivery: a new row, or null when this delivery id was already received for the
     * project (a redelivery or a replay), which is then done nothing with.
     */
    async receive(row: typeof githubSyncLog.$inferInsert): Promise<GithubSyncLogRow | null> {
      const [saved] = await db.insert(githubSyncLog).values(row).onConflictDoNothing().returning();
      return saved ?? null;
    },
    async addLog(row: typeof githubSyncLog.$inferInsert): Promise<GithubSyncLogRow> {
      const [saved] = await db.insert(githubSyncLog).values(row).returning();
      return saved!;
    },
    async updateLog(syncLogIdx: number, patch: Partial<typeof githubSyncLog.$inferInsert>) {
      await db.update(githubSyncLog).set(patch).where(eq(githubSyncLog.syncLogIdx, syncLogIdx));
    },
    async log(syncLogIdx: number): Promise<GithubSyncLogRow | null> {
      const [row] = await db.select().from(githubSyncLog).where(eq(githubSyncLog.syncLogIdx, syncLogIdx));
      return row ?? null;
    },
    async logOf(projectIdx: number): Promise<GithubSyncLogRow[]> {
      return db
        .select()
        .from(githubSyncLog)
        .where(eq(githubSyncLog.projectIdx, projectIdx))
        .orderBy(desc(githubSyncLog.syncLogIdx))
        .limit(SYNC_LOG_LIMIT);
    },

    // ---- OAuth states ----
    async addState(row: typeof githubOauthStates.$inferInsert) {
      await db.insert(githubOauthStates).values(row);
    },
    /** Takes a state once: deleted as it is read, and only while it has not expired. */
    async takeState(stateHash: string, now: Date) {
      const [row] = await db
        .delete(githubOauthStates)
        .where(eq(githubOauthStates.stateHash, stateHash))
        .returning();
      return row && row.expiresAt > now ? row : null;
    },
    async dropExpiredStates(now: Date) {
      await db.delete(githubOauthStates).where(lt(githubOauthStates.expiresAt, now));
    },
  };
}
export type GithubRepository = ReturnType<typeof createGithubRepository>;
