import { storyStatuses, type Epic, type MemberInProject, type StoryStatus } from '@teamline/contract';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AiTimelineButton } from '../../../app/ai-timeline-button';
import { useAbilities } from '../../../lib/use-abilities';
import { hasActiveFilters, emptyFilters, type StoryFilters } from '../../../lib/planning/plan';

/** Filters of the timeline: assignee, epic, status and a text search. */
export function TimelineFilters({
  filters,
  onChange,
  members,
  epics,
}: {
  filters: StoryFilters;
  onChange: (filters: StoryFilters) => void;
  members: MemberInProject[];
  epics: Epic[];
}) {
  const { t } = useTranslation();
  return (
    <div className="tl-filters" role="search" aria-label={t('ui.planning.filters.label')}>
      <label className="tl-filter tl-filter--text">
        <span className="visually-hidden">{t('ui.planning.filters.text')}</span>
        <input
          type="search"
          className="input"
          placeholder={t('ui.planning.filters.text')}
          value={filters.text}
          onChange={(e) => onChange({ ...filters, text: e.target.value })}
          data-testid="filter-text"
        />
      </label>
      <label className="tl-filter">
        <span>{t('ui.planning.filters.assignee')}</span>
        <select
          className="input"
          value={filters.assignee ?? ''}
          onChange={(e) => onChange({ ...filters, assignee: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">{t('ui.planning.filters.all')}</option>
          {members.map((m) => (
            <option key={m.memberInProjectIdx} value={m.memberInProjectIdx}>
              {m.nickname}
            </option>
          ))}
        </select>
      </label>
      <label className="tl-filter">
        <span>{t('ui.planning.filters.epic')}</span>
        <select
          className="input"
          value={filters.epic ?? ''}
          onChange={(e) =>
            onChange({
              ...filters,
              epic:
                e.target.value === '' ? null : e.target.value === 'none' ? 'none' : Number(e.target.value),
            })
          }
        >
          <option value="">{t('ui.planning.filters.all')}</option>
          <option value="none">{t('ui.planning.filters.noEpic')}</option>
          {epics.map((ep) => (
            <option key={ep.epicIdx} value={ep.epicIdx}>
              {ep.label}
            </option>
          ))}
        </select>
      </label>
      <label className="tl-filter">
        <span>{t('ui.planning.filters.status')}</span>
        <select
          className="input"
          value={filters.status ?? ''}
          onChange={(e) => onChange({ ...filters, status: (e.target.value || null) as StoryStatus | null })}
        >
          <option value="">{t('ui.planning.filters.all')}</option>
          {storyStatuses.map((s) => (
            <option key={s} value={s}>
              {t(`ui.status.${s}`)}
            </option>
          ))}
        </select>
      </label>
      {hasActiveFilters(filters) && (
        <button type="button" className="btn-link" onClick={() => onChange(emptyFilters)}>
          {t('ui.planning.filters.clear')}
        </button>
      )}
    </div>
  );
}

/** The toolbar's "Timeline from a file" (ai feature, own chunk; shown with the `ai.timeline` ability). */
export function TimelineAiAction({ projectIdx }: { projectIdx: number | null }) {
  const { can } = useAbilities(projectIdx);
  // The ai chunk loads only for those who may use it.
  if (!can('ai.timeline')) return null;
  return (
    <Suspense fallback={null}>
      <AiTimelineButton projectIdx={projectIdx} />
    </Suspense>
  );
}
