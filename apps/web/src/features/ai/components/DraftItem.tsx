import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/ui/DateInput';
import type { AiSource } from '@teamline/contract';
import type { EditableStory } from '../api/ai-types';
import { endsBeforeStart, type DraftEdit } from '../logic/draft';

/**
 * One milestone or story of the AI draft: a checkbox to keep it, its title, start, end (an end before
 * the start is refused on the field) and epic, and the passage of the file it was read from.
 */
export function DraftItem({
  item,
  kind,
  epics,
  onEdit,
}: {
  /** A milestone has no epic (`epic` undefined): its epic field is not shown. */
  item: Omit<EditableStory, 'epic'> & { epic?: string | null };
  kind: 'milestone' | 'story';
  epics: readonly string[];
  onEdit: (edit: DraftEdit) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const isOff = !item.include;
  const endError = endsBeforeStart(item) ? t('validation.endBeforeStart') : undefined;
  const titleError = !item.title.trim() ? t('validation.required') : undefined;
  const label = t(kind === 'milestone' ? 'ui.ai.timeline.milestone' : 'ui.ai.timeline.story');
  return (
    <div
      className={`ai-item ai-item--${kind}${isOff ? ' ai-item--off' : ''}`}
      data-testid={`ai-${kind}`}
      role="group"
      aria-label={`${label}: ${item.title}`}
    >
      <label className="ai-item__check">
        <input
          type="checkbox"
          checked={item.include}
          onChange={(e) => onEdit({ include: e.target.checked })}
          aria-label={t('ui.ai.timeline.include', { title: item.title || label })}
        />
        <span className="ai-item__kind">{label}</span>
      </label>
      <fieldset className="ai-item__fields" disabled={isOff}>
        <div className="field ai-item__title">
          <label htmlFor={`${id}-title`} className="field__label">
            {t('ui.ai.timeline.itemTitle')}
          </label>
          <input
            id={`${id}-title`}
            className="input"
            value={item.title}
            maxLength={200}
            aria-invalid={titleError && !isOff ? true : undefined}
            aria-describedby={titleError && !isOff ? `${id}-title-error` : undefined}
            onChange={(e) => onEdit({ title: e.target.value })}
          />
          {titleError && !isOff && (
            <p id={`${id}-title-error`} className="field__error" role="alert">
              {titleError}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-start`} className="field__label">
            {t('ui.ai.timeline.start')}
          </label>
          <DateInput
            id={`${id}-start`}
            className="input"
            value={item.startDate ?? ''}
            onChange={(e) => onEdit({ startDate: e.target.value || null })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-end`} className="field__label">
            {t('ui.ai.timeline.end')}
          </label>
          <DateInput
            id={`${id}-end`}
            className="input"
            value={item.endDate ?? ''}
            aria-invalid={endError && !isOff ? true : undefined}
            aria-describedby={endError && !isOff ? `${id}-end-error` : undefined}
            onChange={(e) => onEdit({ endDate: e.target.value || null })}
          />
          {endError && !isOff && (
            <p id={`${id}-end-error`} className="field__error" role="alert">
              {endError}
            </p>
          )}
        </div>
        {kind === 'story' && (
          <div className="field">
            <label htmlFor={`${id}-epic`} className="field__label">
              {t('ui.ai.timeline.epic')}
            </label>
            <input
              id={`${id}-epic`}
              className="input"
              list={`${id}-epics`}
              value={item.epic ?? ''}
              placeholder={t('ui.ai.timeline.noEpic')}
              maxLength={50}
              onChange={(e) => onEdit({ epic: e.target.value || null })}
            />
            <datalist id={`${id}-epics`}>
              {epics.map((epic) => (
                <option key={epic} value={epic} />
              ))}
            </datalist>
          </div>
        )}
      </fieldset>
      <SourcePassage source={item.source} />
    </div>
  );
}

/** The passage of the file an item was read from, with its page or line when known. */
function SourcePassage({ source }: { source: AiSource }) {
  const { t } = useTranslation();
  if (!source.excerpt) return null;
  const where =
    source.page != null
      ? t('ui.ai.timeline.page', { page: source.page })
      : source.line != null
        ? t('ui.ai.timeline.line', { line: source.line })
        : null;
  return (
    <blockquote className="ai-item__source">
      <span className="ai-item__source-label">
        {t('ui.ai.timeline.source')}
        {where ? ` (${where})` : ''}
      </span>{' '}
      {source.excerpt}
    </blockquote>
  );
}
