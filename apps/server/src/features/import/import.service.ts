import {
  EPIC_LIMIT,
  IMPORT_BATCH_SIZE,
  IMPORT_MAX_ITEMS,
  historyTypes,
  type ImportCounts,
  type ImportPreview,
  type ImportRequest,
  type ImportRun,
  type ImportSource,
} from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import { keysAfter } from '../../shared/order-key.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import { loadOr404AndAuthorize } from '../../platform/authorization/load-and-authorize.js';
import type { UnitOfWork } from '../../platform/events/unit-of-work.js';
import type { MembershipRow } from '../membership/membership.port.js';
import type { planningRepositories } from '../planning-store/planning-repositories.js';
import { insertMilestone } from '../milestone/milestone.service.js';
import { insertStory } from '../story/insert-story.js';
import { toEpic } from '../epic/epic.presenter.js';
import type { ImportItemData } from '../../db/schema/index.js';
import type { GithubService } from '../github/github.service.js';
import type { ImportRepository, ImportRow } from './import.repository.js';
import { parseImport, type ParsedImport } from './parse-import.js';

export const IMPORT_RUN_JOB = 'import.run';
export interface ImportRunData {
  importIdx: number;
  projectIdx: number;
}

const PROBLEMS_LISTED = 200;

const toRun = (row: ImportRow): ImportRun => ({
  importIdx: row.importIdx,
  projectIdx: row.projectIdx,
  source: row.source,
  fileName: row.fileName,
  state: row.state,
  progress: row.progress,
  counts: row.counts,
  errorCode: row.errorCode,
  createdAt: row.createdAt.toISOString(),
  undoneAt: row.undoneAt?.toISOString() ?? null,
});

type Planning = UnitOfWork<ReturnType<typeof planningRepositories> & { imports: ImportRepository }>;

/**
 * Bringing work in (issue 34, docs/product/import.md). The preview parses and counts, writing
 * nothing. Starting parses again (the same answer), stores the rows on the import and queues the
 * durable job `import.run`. The job writes IMPORT_BATCH_SIZE rows per planning transaction, and the
 * same transaction records each created entity under its source key (`import_item`) and advances
 * `progress.done` from the value it read: a retry or a restart continues after the last committed
 * batch, and a key already imported into the project is skipped, so nothing is written twice.
 */
export function createImportService(
  ctx: AppContext,
  deps: {
    repo: ImportRepository;
    authz: Authorization<MembershipRow>;
    planning: Planning;
    github: Pick<GithubService, 'issuesForImport'>;
  },
) {
  const { repo, authz } = deps;

  /**
   * The rows of the request. For `github`, the issues are read from GitHub here, before and outside
   * any transaction (docs/product/import.md#github); the durable job then writes the stored rows and
   * never calls GitHub. The other sources read the file sent.
   */
  async function read(actor: Actor, projectIdx: number, request: ImportRequest) {
    const github =
      request.source === 'github'
        ? await deps.github.issuesForImport(actor, projectIdx, request.repo, IMPORT_MAX_ITEMS)
        : undefined;
    const parsed: ParsedImport = parseImport(request, await repo.people(projectIdx), github);
    return { parsed, fileName: github ? github.repo : request.fileName };
  }

  /** What the rows would create; keys already imported count as `alreadyImported`. */
  async function countsOf(projectIdx: number, source: ImportSource, parsed: ParsedImport) {
    const storyItems = parsed.items.filter((i) => i.kind === 'story');
    const known = await repo.known(
      projectIdx,
      source,
      'story',
      storyItems.map((i) => i.key),
    );
    const fresh = storyItems.filter((i) => !known.has(i.key));
    const epics = new Set(
      parsed.items.flatMap((i) => (i.kind === 'epic' ? [i.title.slice(0, 100)] : i.epic ? [i.epic] : [])),
    );
    const milestones = new Set(fresh.flatMap((i) => (i.milestone ? [i.milestone] : [])));
    const knownMilestones = await repo.known(projectIdx, source, 'milestone', [...milestones]);
    const existing = await repo.epicLabels(projectIdx);
    const counts: ImportCounts = {
      stories: fresh.length,
      epics: [...epics].filter((e) => !existing.has(e.trim().toLowerCase())).length,
      milestones: [...milestones].filter((m) => !knownMilestones.has(m)).length,
      comments: fresh.reduce((n, i) => n + i.comments.length, 0),
      alreadyImported: storyItems.length - fresh.length,
    };
    return counts;
  }

  async function load(actor: Actor, importIdx: number) {
    return loadOr404AndAuthorize(authz, actor, 'planning.edit', 'IMPORT_NOT_FOUND', () =>
      repo.find(importIdx),
    );
  }

  /** One batch, in one planning transaction; false when another runner already wrote it. */
  async function writeBatch(row: ImportRow, from: number, to: number, counts: ImportCounts) {
    const { projectIdx, source, importIdx } = row;
    const actorIdx = row.items.length ? await actorOf(row) : 0;
    return deps.planning(async (r) => {
      const batch = row.items.slice(from, to);
      const next = { ...counts };
      const known = await r.imports.known(
        projectIdx,
        source,
        'story',
        batch.map((i) => i.key),
      );
      const remember: { kind: 'story' | 'epic' | 'milestone'; externalKey: string; entityIdx: number }[] = [];
      await r.version.bump(projectIdx);
      const epics = new Map(
        (await r.epic.listWithProgress(projectIdx)).map((e) => [
          e.epic.label.trim().toLowerCase(),
          e.epic.epicIdx,
        ]),
      );
      const epicOf = async (label: string | null) => {
        const name = label?.trim().slice(0, 100);
        if (!name) return null;
        const found = epics.get(name.toLowerCase());
        if (found) return found;
        if ((await r.epic.count(projectIdx)) >= EPIC_LIMIT) return null;
        const created = await r.epic.insert({
          projectIdx,
          label: name,
          weight: 0,
          point: 0,
          colorCode: null,
          createdByIdx: actorIdx,
        });
        const [withProgress] = await r.epic.listWithProgress(projectIdx, created.epicIdx);
        await r.events.record('epic.created', projectIdx, toEpic(withProgress!));
        epics.set(name.toLowerCase(), created.epicIdx);
        remember.push({ kind: 'epic', externalKey: name, entityIdx: created.epicIdx });
        next.epics += 1;
        return created.epicIdx;
      };
      const milestones = await r.imports.known(projectIdx, source, 'milestone', [
        ...new Set(batch.flatMap((i) => (i.milestone ? [i.milestone] : []))),
      ]);
      const milestoneOf = async (title: string | null, endDt: string | null) => {
        if (!title) return null;
        const found = milestones.get(title);
        if (found && (await r.milestone.findInProject(projectIdx, found))) return found;
        const created = await insertMilestone(r, actorIdx, { projectIdx, title, endDt });
        milestones.set(title, created.milestoneIdx);
        remember.push({ kind: 'milestone', externalKey: title, entityIdx: created.milestoneIdx });
        next.milestones += 1;
        return created.milestoneIdx;
      };
      for (const item of batch) {
        if (item.kind === 'epic') {
          await epicOf(item.title);
          continue;
        }
        if (known.has(item.key)) continue;
        const story = await insertStory(
          r,
          actorIdx,
          {
            projectIdx,
            milestoneIdx: await milestoneOf(item.milestone, item.milestoneDue ?? null),
            epicIdx: await epicOf(item.epic),
            title: item.title,
            description: item.description,
            endDt: item.endDt,
            assignees: item.assigneeIdxs ?? (item.assigneeIdx ? [item.assigneeIdx] : []),
          },
          statusOf(row, item),
        );
        remember.push({ kind: 'story', externalKey: item.key, entityIdx: story.storyIdx });
        next.stories += 1;
        for (const content of item.comments) {
          await r.story.insertComment({
            projectIdx,
            storyIdx: story.storyIdx,
            memberInProjectIdx: actorIdx,
            content,
          });
          next.comments += 1;
        }
      }
      // Keys remembered in this batch: a race with another import of the same key fails the batch
      // on the unique index and rolls it back whole, instead of writing a duplicate.
      await r.imports.remember(remember.map((x) => ({ ...x, projectIdx, source, importIdx })));
      if (!(await r.imports.advance(importIdx, from, to, next))) throw new AppError('IMPORT_NOT_FOUND');
      // Recorded with the batch, sent to the sockets after its commit (the outbox). Built from the row
      // read before the batch: `advance` does not return the row, whose `items` hold the whole file.
      await r.events.record('import.updated', projectIdx, {
        ...toRun(row),
        state: 'running',
        progress: { done: to, total: row.items.length },
        counts: next,
      });
      return next;
    });
  }

  /** Moves the import on and tells the project's sockets; the event leaves after the commit. */
  async function settle(importIdx: number, set: Parameters<ImportRepository['move']>[2]) {
    return deps.planning(async (r) => {
      const moved = await r.imports.move(importIdx, ['running'], set);
      if (moved) await r.events.record('import.updated', moved.projectIdx, toRun(moved));
      return moved;
    });
  }

  const statusOf = (row: ImportRow, item: ImportItemData) => row.statusMap[item.status] ?? 'pending';

  async function actorOf(row: ImportRow) {
    const people = await repo.people(row.projectIdx);
    const me = people.find((p) => p.memberIdx === row.createdByIdx);
    if (!me) throw new AppError('PROJECT_ACCESS_DENIED');
    return me.memberInProjectIdx;
  }

  return {
    async preview(actor: Actor, projectIdx: number, request: ImportRequest): Promise<ImportPreview> {
      await authz.authorize(actor, 'planning.edit', projectIdx);
      const { parsed } = await read(actor, projectIdx, request);
      return {
        source: request.source,
        columns: parsed.columns,
        mapping: parsed.mapping,
        counts: await countsOf(projectIdx, request.source, parsed),
        statusMap: parsed.statusMap,
        people: {
          matched: [...parsed.matched].map(([name, p]) => ({
            name,
            memberInProjectIdx: p.memberInProjectIdx,
            nickname: p.nickname,
          })),
          unmatched: parsed.unmatched,
        },
        problems: parsed.problems.slice(0, PROBLEMS_LISTED),
        moreProblems: Math.max(0, parsed.problems.length - PROBLEMS_LISTED),
      };
    },

    async start(actor: Actor, projectIdx: number, request: ImportRequest) {
      await authz.authorize(actor, 'planning.edit', projectIdx);
      const { parsed, fileName } = await read(actor, projectIdx, request);
      // Epics first: a story's epic then exists by the time its batch runs.
      const items = [
        ...parsed.items.filter((i) => i.kind === 'epic'),
        ...parsed.items.filter((i) => i.kind === 'story'),
      ];
      const row = await repo.insert({
        projectIdx,
        source: request.source,
        fileName: fileName.slice(0, 255),
        items,
        statusMap: parsed.statusMap,
        progress: { done: 0, total: items.length },
        counts: { stories: 0, epics: 0, milestones: 0, comments: 0, alreadyImported: 0 },
        createdByIdx: actor.memberIdx,
      });
      await ctx.jobs.send(IMPORT_RUN_JOB, { importIdx: row.importIdx, projectIdx } satisfies ImportRunData);
      return { importIdx: row.importIdx };
    },

    async get(actor: Actor, importIdx: number): Promise<ImportRun> {
      return toRun((await load(actor, importIdx)).row);
    },

    /**
     * docs/product/import.md#undo: removes every story, milestone and epic the import created, in one
     * planning transaction, edited since or not. Stories members added to an imported milestone go to
     * the backlog; stories of an imported epic lose the epic. Then the keys are forgotten, so the same
     * file can be imported again.
     */
    async undo(actor: Actor, importIdx: number): Promise<ImportRun> {
      const { row: found, membership: m } = await load(actor, importIdx);
      const projectIdx = found.projectIdx;
      const actorIdx = m.memberInProjectIdx;
      const row = await deps.planning(async (r) => {
        const claimed = await r.imports.move(importIdx, ['done', 'failed'], {
          state: 'undone',
          undoneAt: ctx.clock.now(),
        });
        if (!claimed) throw new AppError('IMPORT_NOT_UNDOABLE');
        await r.events.record('import.updated', projectIdx, toRun(claimed));
        await r.version.bump(projectIdx);
        const created = await r.imports.createdBy(importIdx);
        const of = (kind: string) => created.filter((c) => c.kind === kind).map((c) => c.entityIdx);
        for (const storyIdx of of('story')) {
          const story = await r.story.lock(projectIdx, storyIdx);
          if (!story) continue;
          await r.story.delete(projectIdx, storyIdx);
          await r.history.insert([
            {
              projectIdx,
              storyIdx,
              milestoneIdx: story.milestoneIdx,
              type: historyTypes.deleted,
              actorIdx,
              before: { title: story.title, status: story.status, milestoneIdx: story.milestoneIdx },
              after: null,
            },
          ]);
          await r.events.record('story.deleted', projectIdx, { storyIdx, milestoneIdx: story.milestoneIdx });
        }
        for (const milestoneIdx of of('milestone')) {
          const milestone = await r.milestone.lock(projectIdx, milestoneIdx);
          if (!milestone) continue;
          const left = await r.story.listOfList(projectIdx, milestoneIdx);
          const keys = keysAfter(await r.story.lastKey(projectIdx, null), left.length);
          for (const [i, s] of left.entries())
            await r.story.update(projectIdx, s.storyIdx, { milestoneIdx: null, orderKey: keys[i]! });
          await r.milestone.delete(projectIdx, milestoneIdx);
          await r.events.record('milestone.deleted', projectIdx, {
            milestoneIdx,
            movedStoryIdxs: left.map((s) => s.storyIdx),
          });
        }
        for (const epicIdx of of('epic')) {
          await r.epic.delete(projectIdx, epicIdx);
          await r.events.record('epic.deleted', projectIdx, { epicIdx });
        }
        await r.imports.forget(importIdx);
        return claimed;
      });
      return toRun(row);
    },

    /** The durable job: runs the import's remaining batches (once per batch, see above). */
    async run(data: ImportRunData) {
      let row = await repo.move(data.importIdx, ['queued', 'running'], { state: 'running' });
      if (!row) return { skipped: true };
      try {
        let counts = row.counts;
        for (let from = row.progress.done; from < row.items.length; from += IMPORT_BATCH_SIZE) {
          const to = Math.min(row.items.length, from + IMPORT_BATCH_SIZE);
          counts = await writeBatch(row, from, to, counts);
        }
        // Stories skipped as already imported, for the summary.
        const stories = row.items.filter((i) => i.kind === 'story').length;
        counts = { ...counts, alreadyImported: Math.max(0, stories - counts.stories) };
        row = (await settle(row.importIdx, { state: 'done', counts })) ?? row;
      } catch (error) {
        const code = error instanceof AppError ? error.code : 'INTERNAL_ERROR';
        ctx.log.error({ err: error, importIdx: row.importIdx }, 'import failed');
        await settle(row.importIdx, { state: 'failed', errorCode: code });
      }
      return { importIdx: row.importIdx };
    },
  };
}
export type ImportService = ReturnType<typeof createImportService>;
