import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ImportSource, ImportState } from '@teamline/contract';
import { epics, importItems, imports, members, membersInProject } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';
import type { ImportPerson } from './parse-import.js';

export type ImportRow = typeof imports.$inferSelect;
export type ImportItemKind = 'story' | 'epic' | 'milestone';

export function createImportRepository(db: Db) {
  return {
    async insert(row: typeof imports.$inferInsert): Promise<ImportRow> {
      const [created] = await db.insert(imports).values(row).returning();
      return created!;
    },
    async find(importIdx: number): Promise<ImportRow | null> {
      const [row] = await db.select().from(imports).where(eq(imports.importIdx, importIdx));
      return row ?? null;
    },
    /** Moves the import on only from one of `from`; null when it was in none of them. */
    async move(importIdx: number, from: ImportState[], set: Partial<typeof imports.$inferInsert>) {
      const [row] = await db
        .update(imports)
        .set(set)
        .where(and(eq(imports.importIdx, importIdx), inArray(imports.state, from)))
        .returning();
      return row ?? null;
    },
    /** Claims the next batch: advances `progress.done` from `done` only (a second runner claims nothing). */
    async advance(importIdx: number, from: number, to: number, counts: ImportRow['counts']) {
      const [row] = await db
        .update(imports)
        .set({ progress: sql`jsonb_set(${imports.progress}, '{done}', ${to}::text::jsonb)`, counts })
        .where(
          and(
            eq(imports.importIdx, importIdx),
            eq(imports.state, 'running'),
            sql`(${imports.progress}->>'done')::int = ${from}`,
          ),
        )
        .returning({ importIdx: imports.importIdx });
      return Boolean(row);
    },
    /** The project's active members, for matching people by e-mail or nickname. */
    async people(projectIdx: number): Promise<ImportPerson[]> {
      return db
        .select({
          memberInProjectIdx: membersInProject.memberInProjectIdx,
          memberIdx: membersInProject.memberIdx,
          email: members.email,
          nickname: members.nickname,
        })
        .from(membersInProject)
        .innerJoin(members, eq(members.memberIdx, membersInProject.memberIdx))
        .where(and(eq(membersInProject.projectIdx, projectIdx), isNull(membersInProject.removedAt)));
    },
    /** Which of `keys` an import of this source already brought into the project. */
    async known(projectIdx: number, source: ImportSource, kind: ImportItemKind, keys: string[]) {
      if (keys.length === 0) return new Map<string, number>();
      const rows = await db
        .select({ key: importItems.externalKey, entityIdx: importItems.entityIdx })
        .from(importItems)
        .where(
          and(
            eq(importItems.projectIdx, projectIdx),
            eq(importItems.source, source),
            eq(importItems.kind, kind),
            inArray(importItems.externalKey, keys),
          ),
        );
      return new Map(rows.map((r) => [r.key, r.entityIdx]));
    },
    /**
     * Records what a batch created. A story's key is inserted plainly: a second import racing on
     * the same key fails its batch on the unique index rather than write the story twice. An epic or
     * milestone made again (a member deleted the imported one) takes over its old key.
     */
    /** The project's epic names, lower-cased (an import reuses an epic of the same name). */
    async epicLabels(projectIdx: number): Promise<Set<string>> {
      const rows = await db
        .select({ label: epics.label })
        .from(epics)
        .where(eq(epics.projectIdx, projectIdx));
      return new Set(rows.map((r) => r.label.trim().toLowerCase()));
    },
    async remember(rows: (typeof importItems.$inferInsert)[]) {
      const stories = rows.filter((r) => r.kind === 'story');
      const others = rows.filter((r) => r.kind !== 'story');
      if (stories.length) await db.insert(importItems).values(stories);
      if (others.length)
        await db
          .insert(importItems)
          .values(others)
          .onConflictDoUpdate({
            target: [importItems.projectIdx, importItems.source, importItems.kind, importItems.externalKey],
            set: { entityIdx: sql`excluded.entity_idx`, importIdx: sql`excluded.import_idx` },
          });
    },
    async createdBy(importIdx: number) {
      return db
        .select({ kind: importItems.kind, entityIdx: importItems.entityIdx })
        .from(importItems)
        .where(eq(importItems.importIdx, importIdx));
    },
    async forget(importIdx: number) {
      await db.delete(importItems).where(eq(importItems.importIdx, importIdx));
    },
  };
}
export type ImportRepository = ReturnType<typeof createImportRepository>;
