import { storyKey, type Epic, type MemberInProject } from '@teamline/contract';
import type { CSSProperties, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/StatusBadge';
import { Icon } from '../../../components/ui/Icon';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { groupKey, type Row } from '../../../lib/planning/plan';
import { MemberChips } from './MemberChips';

export const ROW_HEIGHT = { header: 52, story: 44, empty: 44 } as const;
/** Phones: two lines per row (title, then status, dates and people) instead of cutting them off. */
export const PHONE_ROW_HEIGHT = { header: 72, story: 68, empty: 56 } as const;
export const heightOf = (row: Row | undefined, isMobile = false) => {
  const h = isMobile ? PHONE_ROW_HEIGHT : ROW_HEIGHT;
  return row?.kind === 'story' ? h.story : row?.kind === 'empty' ? h.empty : h.header;
};

export const rowGroup = (row: Row): string =>
  row.kind === 'milestone' ? groupKey(row.milestone.milestoneIdx) : groupKey(null);

/** The six dots of a drag handle. */
export function DragDots() {
  return (
    <svg width="12" height="18" viewBox="0 0 12 18" aria-hidden="true">
      {[3, 9, 15].map((y) => (
        <g key={y}>
          <circle cx="3" cy={y} r="1.6" />
          <circle cx="9" cy={y} r="1.6" />
        </g>
      ))}
    </svg>
  );
}

export interface RowViewProps {
  row: Row;
  style: CSSProperties;
  isCollapsed: boolean;
  isSelected: boolean;
  isDragging?: boolean;
  /** The row's element, for drag and drop to measure and move. */
  nodeRef?: Ref<HTMLDivElement>;
  /** The drag handle of a row that may be moved, given the row's title; none: a blank handle. */
  dragHandle?: (title: string) => ReactNode;
  members: ReadonlyMap<number, MemberInProject>;
  epics: ReadonlyMap<number, Epic>;
  /** The GitHub project key: a story row shows `SHOP-12` before its title. */
  projectKey?: string | null | undefined;
  onToggle: (key: string) => void;
  onOpenStory: (storyIdx: number) => void;
  onOpenMilestone: (milestoneIdx: number) => void;
  onAddStory: (milestoneIdx: number | null) => void;
}

/**
 * One row of the timeline as it looks: a milestone or backlog header, a story, or an empty
 * milestone's note. Drag and drop is not here (TimelineList adds it), so the first screen of rows
 * can show before the drag-and-drop and virtual-list libraries arrive (TimelinePreview).
 */
export function RowView({
  row,
  style,
  isCollapsed,
  isSelected,
  isDragging = false,
  nodeRef,
  dragHandle,
  members,
  epics,
  projectKey,
  onToggle,
  onOpenStory,
  onOpenMilestone,
  onAddStory,
}: RowViewProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const title =
    row.kind === 'story'
      ? row.story.title
      : row.kind === 'milestone'
        ? row.milestone.title
        : t('ui.planning.backlog');
  const handle = dragHandle ? (
    dragHandle(title)
  ) : (
    <span className="tl-handle tl-handle--off" aria-hidden="true" />
  );
  const className = `tl-row tl-row--${row.kind}${isDragging ? ' tl-row--dragging' : ''}${isSelected ? ' tl-row--selected' : ''}`;

  if (row.kind === 'story') {
    const s = row.story;
    const epic = s.epicIdx !== null ? epics.get(s.epicIdx) : undefined;
    const key = storyKey(projectKey, s.storyNo);
    return (
      <div
        ref={nodeRef}
        style={style}
        className={className}
        role="listitem"
        data-testid="story-row"
        data-story={s.storyIdx}
      >
        {handle}
        <span className={`tl-dot status--${s.status}`} aria-hidden="true" />
        <button type="button" className="tl-title" onClick={() => onOpenStory(s.storyIdx)} title={s.title}>
          {key && <span className="tl-key">{key}</span>}
          {s.title}
        </button>
        {epic && (
          <span className="tl-epic" style={{ borderColor: epic.colorCode ?? undefined }} title={epic.label}>
            {epic.label}
          </span>
        )}
        <StatusBadge status={s.status} compact />
        <span className="tl-dates">
          {s.startDt || s.endDt ? `${formatDate(s.startDt, lang)} – ${formatDate(s.endDt, lang)}` : ''}
        </span>
        <MemberChips idxs={s.assignees} members={members} />
      </div>
    );
  }
  if (row.kind === 'empty') {
    return (
      <div ref={nodeRef} style={style} className={className} role="listitem">
        <span className="tl-empty">{t('ui.planning.emptyMilestone')}</span>
      </div>
    );
  }
  const key = row.kind === 'milestone' ? groupKey(row.milestone.milestoneIdx) : groupKey(null);
  const milestoneIdx = row.kind === 'milestone' ? row.milestone.milestoneIdx : null;
  return (
    <div
      ref={nodeRef}
      style={style}
      className={className}
      role="listitem"
      data-testid={row.kind === 'milestone' ? 'milestone-row' : 'backlog-row'}
      data-milestone={milestoneIdx ?? undefined}
    >
      {row.kind === 'milestone' ? handle : <span className="tl-handle tl-handle--off" aria-hidden="true" />}
      <button
        type="button"
        className="tl-toggle"
        aria-expanded={!isCollapsed}
        aria-label={t(isCollapsed ? 'ui.planning.expand' : 'ui.planning.collapse', { title })}
        onClick={() => onToggle(key)}
      >
        <span className={`tl-caret${isCollapsed ? ' tl-caret--closed' : ''}`} aria-hidden="true" />
      </button>
      {row.kind === 'milestone' ? (
        <button
          type="button"
          className="tl-title tl-title--group"
          onClick={() => onOpenMilestone(row.milestone.milestoneIdx)}
        >
          {title}
        </button>
      ) : (
        <span className="tl-title tl-title--group" title={t('ui.planning.backlogHint')}>
          {title}
        </span>
      )}
      {row.kind === 'milestone' && <StatusBadge status={row.milestone.status} compact />}
      <span className="tl-count">
        {t('ui.planning.storyCount', { shown: row.shown, total: row.total, count: row.total })}
      </span>
      {row.kind === 'milestone' && (
        <span className="tl-dates">
          {row.milestone.startDt || row.milestone.endDt
            ? `${formatDate(row.milestone.startDt, lang)} – ${formatDate(row.milestone.endDt, lang)}`
            : ''}
        </span>
      )}
      <button
        type="button"
        className="tl-add"
        aria-label={t('ui.planning.newStoryIn', { place: title })}
        title={t('ui.planning.newStoryIn', { place: title })}
        onClick={() => onAddStory(milestoneIdx)}
      >
        <Icon name="plus" size={18} />
      </button>
    </div>
  );
}
