import type { AiApplyRequest } from '@teamline/contract';
import type { TFunction } from 'i18next';
import { codeOfIso, type EditableDraft, type EditableMilestone, type EditableStory } from '../api/ai-types';

/** Where an item of the draft sits: a milestone, or one of its stories. */
export type DraftPath = { kind: 'milestone'; m: number } | { kind: 'story'; m: number; s: number };

export type DraftEdit = Partial<Pick<EditableStory, 'title' | 'startDate' | 'endDate' | 'epic' | 'include'>>;

/** The draft with one item changed (a new object; the old draft is kept for React). */
export function editDraft(draft: EditableDraft, path: DraftPath, edit: DraftEdit): EditableDraft {
  return {
    milestones: draft.milestones.map((m, i): EditableMilestone => {
      if (i !== path.m) return m;
      if (path.kind === 'milestone') {
        const { epic: _epic, ...own } = edit;
        return { ...m, ...own };
      }
      return { ...m, stories: m.stories.map((s, j) => (j === path.s ? { ...s, ...edit } : s)) };
    }),
  };
}

/** docs/product/planning.md#validation: an end date cannot precede its start (ISO dates, either may be empty). */
export const endsBeforeStart = (item: Pick<EditableStory, 'startDate' | 'endDate'>): boolean =>
  !!item.startDate && !!item.endDate && item.endDate < item.startDate;

const storiesOf = (draft: EditableDraft) =>
  draft.milestones.flatMap((m) => m.stories.filter((s) => s.include));

/** Whether a checked item has its end before its start, or an empty title. */
export const hasInvalidItem = (draft: EditableDraft): boolean =>
  [...draft.milestones.filter((m) => m.include), ...storiesOf(draft)].some(
    (item) => endsBeforeStart(item) || !item.title.trim(),
  );

export function selectedCounts(draft: EditableDraft): { milestones: number; stories: number } {
  return { milestones: draft.milestones.filter((m) => m.include).length, stories: storiesOf(draft).length };
}

/**
 * The counts as words for `ui.ai.timeline.counts` and `.applied` ("1 milestone", "2 stories"): each
 * count picks its own plural form, which one sentence with two counts cannot.
 */
export const countWords = (t: TFunction, counts: { milestones: number; stories: number }) => ({
  milestones: t('ui.ai.timeline.milestoneCount', { count: counts.milestones }),
  stories: t('ui.ai.timeline.storyCount', { count: counts.stories }),
});

/**
 * What "Apply" sends (contract `aiApplyRequest`): unchecked stories are left out; an unchecked
 * milestone is left out too unless some of its stories are checked, then it goes with
 * `include: false` (the server creates no milestone and puts those stories in the backlog) and
 * without its dates, whose edits no longer matter. Titles trimmed, an empty epic is none.
 */
export function applyPayload(draft: EditableDraft): AiApplyRequest {
  const milestones: AiApplyRequest['milestones'] = [];
  for (const m of draft.milestones) {
    const stories = m.stories
      .filter((s) => s.include)
      .map((s) => ({
        key: s.key,
        include: true,
        title: s.title.trim(),
        startDt: codeOfIso(s.startDate),
        endDt: codeOfIso(s.endDate),
        epic: s.epic?.trim() || null,
        source: s.source,
      }));
    if (!m.include && stories.length === 0) continue;
    milestones.push({
      key: m.key,
      include: m.include,
      title: m.title.trim() || m.key,
      startDt: m.include ? codeOfIso(m.startDate) : null,
      endDt: m.include ? codeOfIso(m.endDate) : null,
      source: m.source,
      stories,
    });
  }
  return { milestones };
}
