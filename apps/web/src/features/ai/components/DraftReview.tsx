import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import type { AiApplyRequest } from '@teamline/contract';
import type { EditableDraft } from '../api/ai-types';
import { applyPayload, countWords, editDraft, hasInvalidItem, selectedCounts } from '../logic/draft';
import { DraftItem } from './DraftItem';

/**
 * The draft the AI read from the file: milestones with their stories and the stories without one,
 * each editable and uncheckable (an unchecked milestone's checked stories go to the backlog). "Apply" sends only what is checked (`applyPayload`) and is disabled
 * while applying, while nothing is checked and while a checked item has an end before its start.
 */
export function DraftReview({
  draft,
  onChange,
  onApply,
  isApplying,
  onRestart,
}: {
  draft: EditableDraft;
  onChange: (draft: EditableDraft) => void;
  onApply: (payload: AiApplyRequest) => void;
  isApplying: boolean;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const counts = selectedCounts(draft);
  const isInvalid = hasInvalidItem(draft);
  const isEmpty = counts.milestones + counts.stories === 0;
  const epics = useMemo(
    () =>
      [
        ...new Set(
          draft.milestones
            .flatMap((m) => m.stories)
            .map((item) => item.epic)
            .filter((epic): epic is string => !!epic),
        ),
      ].sort(),
    [draft],
  );

  if (draft.milestones.length === 0) {
    return (
      <div className="ai-state" data-testid="ai-draft-empty">
        <p>{t('ui.ai.timeline.empty')}</p>
        <Button size="small" variant="outline" onClick={onRestart}>
          {t('ui.ai.timeline.another')}
        </Button>
      </div>
    );
  }

  return (
    <div className="ai-review" data-testid="ai-draft">
      <p className="ai-review__hint">{t('ui.ai.timeline.reviewHint')}</p>
      <ol className="ai-review__list">
        {draft.milestones.map((m, mi) => (
          <li key={m.key} className="ai-review__milestone">
            <DraftItem
              item={m}
              kind="milestone"
              epics={epics}
              onEdit={(edit) => onChange(editDraft(draft, { kind: 'milestone', m: mi }, edit))}
            />
            {!m.include && m.stories.some((s) => s.include) && (
              <p className="ai-review__note">{t('ui.ai.timeline.toBacklog')}</p>
            )}
            {m.stories.length > 0 && (
              <ul className="ai-review__stories">
                {m.stories.map((s, si) => (
                  <li key={s.key}>
                    <DraftItem
                      item={s}
                      kind="story"
                      epics={epics}
                      onEdit={(edit) => onChange(editDraft(draft, { kind: 'story', m: mi, s: si }, edit))}
                    />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <div className="ai-review__footer">
        <p className="ai-review__counts" role="status">
          {isEmpty
            ? t('ui.ai.timeline.nothingSelected')
            : isInvalid
              ? t('ui.ai.timeline.fixErrors')
              : t('ui.ai.timeline.counts', countWords(t, counts))}
        </p>
        <Button size="medium" variant="outline" onClick={onRestart} disabled={isApplying}>
          {t('ui.ai.timeline.another')}
        </Button>
        <Button
          size="medium"
          onClick={() => onApply(applyPayload(draft))}
          disabled={isEmpty || isInvalid}
          isLoading={isApplying}
          data-testid="ai-apply"
        >
          {t('ui.ai.timeline.apply')}
        </Button>
      </div>
    </div>
  );
}
