import { isEventOf, type DomainEvent, type WebhookCategory, type WebhookEvent } from '@teamline/contract';
import {
  webhookMilestoneEvents,
  webhookStoryEvents,
  type MessageFacts,
  type WebhookEventName,
} from './webhook-message.js';
import type { WebhookRepository } from './webhook.repository.js';

type Planning = {
  title?: string;
  description?: string;
  status?: string;
  startDt?: string | null;
  endDt?: string | null;
  milestoneIdx?: number | null;
  assignees?: number[];
};

/**
 * Reads what a message about an event says, once for every hook it goes to: the event's payload
 * where it carries the item, the database otherwise (a delayed story, a request, whose events carry
 * ids only), and the history for the title of something deleted.
 */
export async function factsOf(
  repo: WebhookRepository,
  event: DomainEvent<WebhookEventName>,
  kind: { category: WebhookCategory; event: WebhookEvent },
): Promise<MessageFacts> {
  const { projectIdx } = event;
  const base = {
    category: kind.category,
    event: kind.event,
    projectIdx,
    projectName: await repo.projectName(projectIdx),
    occurredAt: event.occurredAt,
  };
  const names = async (idxs: number[]) => {
    const map = await repo.nicknames(idxs);
    return idxs.map((i) => map.get(i) ?? `#${i}`);
  };

  if (isEventOf(event, webhookStoryEvents)) {
    const payload = event.payload;
    const { storyIdx } = payload;
    const timeline = `/timeline/${projectIdx}`;
    if (kind.event === 'delete')
      return {
        ...base,
        itemIdx: storyIdx,
        title: await repo.deletedTitle({ storyIdx }),
        path: timeline,
      };
    // A person's change carries the story; the delay job's and a move carry ids only.
    const story: Planning | null = 'title' in payload ? payload : await repo.story(storyIdx);
    // What the event says wins over the row as it is at delivery (a move's milestone, when the
    // milestone was deleted since and the story went back to the backlog).
    const milestoneIdx = ('milestoneIdx' in payload ? payload.milestoneIdx : story?.milestoneIdx) ?? null;
    return {
      ...base,
      itemIdx: storyIdx,
      title: story?.title ?? null,
      path: `${timeline}?selectedStory=${storyIdx}`,
      description: story?.description ?? null,
      ...(story?.status ? { status: story.status } : {}),
      period: { startDt: story?.startDt ?? null, endDt: story?.endDt ?? null },
      assignees: await names(story?.assignees ?? []),
      milestone:
        milestoneIdx === null
          ? null
          : ((await repo.milestoneTitle(milestoneIdx)) ??
            (await repo.deletedTitle({ milestoneIdx })) ??
            `#${milestoneIdx}`),
    };
  }

  if (isEventOf(event, webhookMilestoneEvents)) {
    const timeline = `/timeline/${projectIdx}`;
    if (event.name === 'milestone.deleted') {
      const { milestoneIdx, movedStoryIdxs } = event.payload;
      return {
        ...base,
        itemIdx: milestoneIdx,
        title: await repo.deletedTitle({ milestoneIdx }),
        path: timeline,
        movedStories: movedStoryIdxs.length,
      };
    }
    const payload = event.payload;
    const { milestoneIdx } = payload;
    return {
      ...base,
      itemIdx: milestoneIdx,
      title: payload.title ?? null,
      path: `${timeline}?selectedMilestone=${milestoneIdx}`,
      description: payload.description ?? null,
      ...(payload.status ? { status: payload.status } : {}),
      period: { startDt: payload.startDt ?? null, endDt: payload.endDt ?? null },
    };
  }

  const ref = event.payload;
  const row = kind.event === 'delete' ? null : await repo.request(ref.requestIdx);
  const [from, to] = await names([ref.senderIdx, ref.receiverIdx]);
  return {
    ...base,
    itemIdx: ref.requestIdx,
    title: row?.title ?? null,
    path: `/request/${projectIdx}`,
    requestKind: ref.kind,
    status: ref.status,
    from: from!,
    to: to!,
    ...(row?.dueDt ? { dueDt: row.dueDt } : {}),
  };
}
