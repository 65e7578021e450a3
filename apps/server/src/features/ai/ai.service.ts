import { randomUUID } from 'node:crypto';
import {
  EPIC_LIMIT,
  timelineDraft as timelineDraftSchema,
  type AiApplyResponse,
  type AiDocumentRequest,
  type AiJob,
  type AiJobCreated,
  type ErrorCode,
  type TimelineDraft,
} from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import { loadOr404AndAuthorize } from '../../platform/authorization/load-and-authorize.js';
import type { UnitOfWork } from '../../platform/events/unit-of-work.js';
import type { MembershipRow } from '../membership/membership.port.js';
import type { planningRepositories } from '../planning-store/planning-repositories.js';
import type { DocumentService } from '../document/document.service.js';
import { insertMilestone } from '../milestone/milestone.service.js';
import { insertStory } from '../story/insert-story.js';
import { toEpic } from '../epic/epic.presenter.js';
import type { ActivityRepository } from './activity.repository.js';
import type { AiJobRow, AiRepository } from './ai.repository.js';
import { detectPlanFile, readPlanFile } from './file-reader.js';
import type { AiProvider } from './provider.js';
import { toJob } from './ai.presenter.js';

export const AI_RUN_JOB = 'ai.run';
export interface AiRunData {
  jobIdx: number;
  projectIdx: number;
}

const addDays = (code: string, days: number) => {
  const d = new Date(Date.UTC(+code.slice(0, 4), +code.slice(4, 6) - 1, +code.slice(6, 8) + days));
  return d.toISOString().slice(0, 10).replaceAll('-', '');
};

/**
 * AI timelines and documents (issue 15). Starting one checks what can be checked at once (who asks,
 * the file's kind, size and emptiness: nothing is saved on a refusal) and queues the durable job
 * `ai.run`; the job reads the file or the activity, asks the provider and stores the draft (or writes
 * the document). Applying a timeline draft is one planning transaction that first claims the job
 * (`done` → `applied`), so a second click, a retry or a second tab applies nothing twice.
 */
export function createAiService(
  ctx: AppContext,
  deps: {
    repo: AiRepository;
    activity: ActivityRepository;
    provider: AiProvider;
    authz: Authorization<MembershipRow>;
    documents: DocumentService;
    planning: UnitOfWork<ReturnType<typeof planningRepositories> & { ai: AiRepository }>;
  },
) {
  const { repo, authz } = deps;

  async function load(actor: Actor, jobIdx: number) {
    const { row, membership: m } = await loadOr404AndAuthorize(
      authz,
      actor,
      (job) => (job.kind === 'timeline' ? 'ai.timeline' : 'ai.document'),
      'AI_JOB_NOT_FOUND',
      () => repo.find(jobIdx),
    );
    return { row, m };
  }

  /**
   * A new job, if its project and its author have room for one more open job (issue 31: each costs a
   * provider call). A job open for over an hour is stuck, not running, and does not take a place.
   */
  async function insertJob(row: Parameters<AiRepository['insertIfRoom']>[0]): Promise<AiJobRow> {
    const created = await repo.insertIfRoom(row, {
      ...ctx.config.aiOpenJobs,
      since: new Date(ctx.clock.now().getTime() - 60 * 60_000),
    });
    if (!created) throw new AppError('AI_JOBS_BUSY', { retryAfterSeconds: 30 });
    return created;
  }

  async function queue(row: AiJobRow): Promise<AiJobCreated> {
    await ctx.jobs.send(AI_RUN_JOB, { jobIdx: row.aiJobIdx, projectIdx: row.projectIdx } satisfies AiRunData);
    return { jobIdx: row.aiJobIdx };
  }

  async function runTimeline(row: AiJobRow) {
    const bytes = row.uploadKey ? await ctx.storage.get(row.uploadKey) : null;
    if (!bytes) throw new AppError('AI_FILE_EMPTY');
    const plan = await readPlanFile(
      bytes,
      (done, total) => void repo.progress(row.aiJobIdx, done, total + 1),
    );
    const title = (row.fileName ?? 'Plan').replace(/\.[a-z0-9]+$/i, '');
    const draft = await deps.provider.timelineDraft(plan, title);
    await repo.move(row.aiJobIdx, ['running'], { state: 'done', draft, progress: { done: 1, total: 1 } });
  }

  async function runDocument(row: AiJobRow) {
    const request = row.request!;
    const referenceDt = request.referenceDt;
    const from = request.periodStartDt ?? addDays(referenceDt, -6);
    const to = request.periodEndDt ?? referenceDt;
    const activity = await deps.activity.read(row.projectIdx, from, to, referenceDt);
    await repo.progress(row.aiJobIdx, 1, 2);
    const written = await deps.provider.document(
      {
        type: request.type,
        language: await repo.languageOf(row.createdByIdx),
        referenceDt,
        periodStartDt: from,
        periodEndDt: to,
        projectKey: await repo.projectKeyOf(row.projectIdx),
      },
      activity,
    );
    // Still wanted? A job cancelled meanwhile writes nothing.
    const still = await repo.find(row.aiJobIdx);
    if (still?.state !== 'running' || still.documentIdx) return;
    const document = await deps.documents.createDocument(
      { memberIdx: row.createdByIdx, familyId: '' },
      {
        projectIdx: row.projectIdx,
        folderIdx: request.folderIdx ?? null,
        title: written.title,
        content: written.content,
        aiType: request.type,
      },
    );
    await repo.move(row.aiJobIdx, ['running'], {
      state: 'done',
      documentIdx: document.documentIdx,
      progress: { done: 2, total: 2 },
    });
  }

  return {
    async startTimeline(actor: Actor, projectIdx: number, file: { bytes: Buffer; fileName: string }) {
      await authz.authorize(actor, 'ai.timeline', projectIdx);
      detectPlanFile(file.bytes);
      const uploadKey = `ai-${randomUUID()}`;
      await ctx.storage.put(uploadKey, file.bytes);
      const row = await insertJob({
        projectIdx,
        kind: 'timeline',
        fileName: file.fileName.slice(0, 255),
        uploadKey,
        provider: deps.provider.name,
        createdByIdx: actor.memberIdx,
      }).catch(async (error: unknown) => {
        await ctx.storage.remove(uploadKey).catch(() => undefined);
        throw error;
      });
      return queue(row);
    },

    async startDocument(actor: Actor, request: AiDocumentRequest): Promise<AiJobCreated> {
      await authz.authorize(actor, 'ai.document', request.projectIdx);
      await authz.authorize(actor, 'document.edit', request.projectIdx);
      const row = await insertJob({
        projectIdx: request.projectIdx,
        kind: 'document',
        request,
        provider: deps.provider.name,
        createdByIdx: actor.memberIdx,
        progress: { done: 0, total: 2 },
      });
      return queue(row);
    },

    async get(actor: Actor, jobIdx: number): Promise<AiJob> {
      return toJob((await load(actor, jobIdx)).row);
    },

    async cancel(actor: Actor, jobIdx: number): Promise<AiJob> {
      const { row } = await load(actor, jobIdx);
      const cancelled = await repo.move(jobIdx, ['queued', 'running'], { state: 'cancelled' });
      if (cancelled?.uploadKey) await ctx.storage.remove(cancelled.uploadKey).catch(() => undefined);
      return toJob(cancelled ?? row);
    },

    async apply(actor: Actor, jobIdx: number, draft: TimelineDraft): Promise<AiApplyResponse> {
      const { row, m } = await load(actor, jobIdx);
      if (row.kind !== 'timeline') throw new AppError('AI_JOB_NOT_FOUND');
      const refusal: Partial<Record<string, ErrorCode>> = {
        applied: 'AI_JOB_ALREADY_APPLIED',
        cancelled: 'AI_JOB_CANCELLED',
        failed: 'AI_JOB_NOT_READY',
        queued: 'AI_JOB_NOT_READY',
        running: 'AI_JOB_NOT_READY',
      };
      const projectIdx = row.projectIdx;
      const valid = timelineDraftSchema.parse(draft);
      return deps.planning(async (r) => {
        const claimed = await r.ai.move(jobIdx, ['done'], { state: 'applied', appliedAt: ctx.clock.now() });
        if (!claimed) {
          const now = await r.ai.find(jobIdx);
          throw new AppError(refusal[now?.state ?? 'applied'] ?? 'AI_JOB_NOT_READY');
        }
        await r.version.bump(projectIdx);
        const epics = new Map(
          (await r.epic.listWithProgress(projectIdx)).map((e) => [
            e.epic.label.trim().toLowerCase(),
            e.epic.epicIdx,
          ]),
        );
        const epicOf = async (label: string | null) => {
          const name = label?.trim();
          if (!name) return null;
          const known = epics.get(name.toLowerCase());
          if (known) return known;
          if ((await r.epic.count(projectIdx)) >= EPIC_LIMIT) throw new AppError('EPIC_LIMIT_REACHED');
          const created = await r.epic.insert({
            projectIdx,
            label: name.slice(0, 100),
            weight: 0,
            point: 0,
            colorCode: null,
            createdByIdx: m.memberInProjectIdx,
          });
          const [withProgress] = await r.epic.listWithProgress(projectIdx, created.epicIdx);
          await r.events.record('epic.created', projectIdx, toEpic(withProgress!));
          epics.set(name.toLowerCase(), created.epicIdx);
          return created.epicIdx;
        };
        const milestoneIdxs: number[] = [];
        const storyIdxs: number[] = [];
        for (const milestone of valid.milestones) {
          // An unchecked milestone is not made; its checked stories go to the backlog.
          let milestoneIdx: number | null = null;
          if (milestone.include) {
            const created = await insertMilestone(r, m.memberInProjectIdx, {
              projectIdx,
              title: milestone.title,
              startDt: milestone.startDt,
              endDt: milestone.endDt,
            });
            milestoneIdx = created.milestoneIdx;
            milestoneIdxs.push(milestoneIdx);
          }
          for (const story of milestone.stories) {
            if (!story.include) continue;
            const s = await insertStory(
              r,
              m.memberInProjectIdx,
              {
                projectIdx,
                milestoneIdx,
                epicIdx: await epicOf(story.epic),
                title: story.title,
                startDt: story.startDt,
                endDt: story.endDt,
                assignees: [],
              },
              'pending',
            );
            storyIdxs.push(s.storyIdx);
          }
        }
        return { milestoneIdxs, storyIdxs };
      });
    },

    /** The durable job: runs once per job (a job not queued or running is left alone). */
    async run(data: AiRunData) {
      const row = await repo.move(data.jobIdx, ['queued', 'running'], { state: 'running' });
      if (!row) return { skipped: true };
      try {
        if (row.kind === 'timeline') await runTimeline(row);
        else await runDocument(row);
      } catch (error) {
        const code = error instanceof AppError ? error.code : 'AI_PROVIDER_FAILED';
        if (!(error instanceof AppError))
          ctx.log.error({ err: error, jobIdx: row.aiJobIdx }, 'AI job failed');
        await repo.move(row.aiJobIdx, ['running'], { state: 'failed', errorCode: code });
      } finally {
        if (row.uploadKey) await ctx.storage.remove(row.uploadKey).catch(() => undefined);
      }
      return { jobIdx: row.aiJobIdx };
    },
  };
}
export type AiService = ReturnType<typeof createAiService>;
