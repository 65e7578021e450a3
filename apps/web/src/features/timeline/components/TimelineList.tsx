import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { defaultRangeExtractor, useWindowVirtualizer } from '@tanstack/react-virtual';
import { type Epic, type MemberInProject } from '@teamline/contract';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useLanguage } from '../../../lib/use-language';
import { Icon } from '../../../components/ui/Icon';
import {
  buildRows,
  computeMilestoneDrop,
  computeStoryDrop,
  groupKey,
  type MilestoneMove,
  type Plan,
  type Row,
  type StoryFilters,
  type StoryMove,
} from '../logic/plan';
import { MemberChips } from './MemberChips';
import { StatusBadge } from '../../../components/StatusBadge';

export const ROW_HEIGHT = { header: 52, story: 44, empty: 44 } as const;
/** Phones: two lines per row (title, then status, dates and people) instead of cutting them off. */
export const PHONE_ROW_HEIGHT = { header: 72, story: 68, empty: 56 } as const;
const heightOf = (row: Row | undefined, isMobile = false) => {
  const h = isMobile ? PHONE_ROW_HEIGHT : ROW_HEIGHT;
  return row?.kind === 'story' ? h.story : row?.kind === 'empty' ? h.empty : h.header;
};

interface ListProps {
  plan: Plan;
  filters: StoryFilters;
  members: ReadonlyMap<number, MemberInProject>;
  epics: ReadonlyMap<number, Epic>;
  canReorder: boolean;
  selectedStory: number | null;
  selectedMilestone: number | null;
  onOpenStory: (storyIdx: number) => void;
  onOpenMilestone: (milestoneIdx: number) => void;
  onAddStory: (milestoneIdx: number | null) => void;
  onMoveStory: (move: StoryMove) => void;
  onMoveMilestone: (move: MilestoneMove) => void;
}

/**
 * The timeline as one virtualised list of rows (milestone headers, their stories, the backlog).
 * Only the rows on screen are mounted, plus the dragged one (kept by the range extractor), so a
 * 5,000-story project scrolls smoothly and drag and drop (pointer or keyboard) still works.
 */
export function TimelineList(props: ListProps) {
  const { t } = useTranslation();
  const { plan, filters } = props;
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [activeId, setActiveId] = useState<string | null>(null);
  const headersOnly = activeId?.startsWith('m-') ?? false;
  const isMobile = useIsMobile();
  const rows = useMemo(
    () => buildRows(plan, filters, collapsed, headersOnly),
    [plan, filters, collapsed, headersOnly],
  );
  const ids = useMemo(() => rows.map((r) => r.id), [rows]);
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The list starts below the toolbar; its offset in the page is the virtualiser's scroll margin.
  useLayoutEffect(() => {
    const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  }, [scrollMargin, rows]);
  const activeIndex = activeId ? ids.indexOf(activeId) : -1;
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (i) => heightOf(rows[i], isMobile),
    getItemKey: (i) => rows[i]?.id ?? i,
    overscan: 8,
    scrollMargin,
    rangeExtractor: useCallback(
      (range: Parameters<typeof defaultRangeExtractor>[0]) => {
        const indexes = defaultRangeExtractor(range);
        if (activeIndex >= 0 && !indexes.includes(activeIndex)) indexes.push(activeIndex);
        return indexes.sort((a, b) => a - b);
      },
      [activeIndex],
    ),
  });

  // Row heights differ on phones: measure again when crossing the breakpoint.
  useEffect(() => virtualizer.measure(), [isMobile, virtualizer]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const titleOf = useCallback(
    (id: string | number | undefined) => {
      const row = rows.find((r) => r.id === id);
      if (!row) return '';
      if (row.kind === 'story') return row.story.title;
      if (row.kind === 'milestone') return row.milestone.title;
      return t('ui.planning.backlog');
    },
    [rows, t],
  );
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('ui.planning.dragStart', { title: titleOf(active.id) }),
    // Over itself (the start) says nothing, so "picked up" is what is heard.
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id
        ? t('ui.planning.dragOver', { title: titleOf(active.id), target: titleOf(over.id) })
        : undefined,
    onDragEnd: ({ active }) => t('ui.planning.dragEnd', { title: titleOf(active.id) }),
    onDragCancel: ({ active }) => t('ui.planning.dragCancel', { title: titleOf(active.id) }),
  };

  function handleDragStart(event: DragStartEvent) {
    setActiveId(String(event.active.id));
  }
  function handleDragEnd(event: DragEndEvent) {
    const active = String(event.active.id);
    const over = event.over ? String(event.over.id) : null;
    setActiveId(null);
    if (!over || over === active) return;
    if (active.startsWith('s-')) {
      const move = computeStoryDrop(plan, rows, active, over);
      if (move) props.onMoveStory(move);
    } else if (active.startsWith('m-') && over.startsWith('m-')) {
      const move = computeMilestoneDrop(plan.milestones, Number(active.slice(2)), Number(over.slice(2)));
      if (move) props.onMoveMilestone(move);
    }
  }

  const toggle = useCallback((key: string) => {
    setCollapsed((old) => {
      const next = new Set(old);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setActiveId(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('ui.planning.dragHint') },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <div
          ref={listRef}
          className="tl-list"
          role="list"
          data-testid="timeline-list"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <SortableRow
                key={row.id}
                row={row}
                top={item.start - scrollMargin}
                height={heightOf(row, isMobile)}
                isCollapsed={row.kind !== 'story' && row.kind !== 'empty' && collapsed.has(rowGroup(row))}
                onToggle={toggle}
                isSelected={
                  (row.kind === 'story' && row.story.storyIdx === props.selectedStory) ||
                  (row.kind === 'milestone' && row.milestone.milestoneIdx === props.selectedMilestone)
                }
                {...props}
              />
            );
          })}
        </div>
      </SortableContext>
    </DndContext>
  );
}

const rowGroup = (row: Row): string =>
  row.kind === 'milestone' ? groupKey(row.milestone.milestoneIdx) : groupKey(null);

interface RowProps extends ListProps {
  row: Row;
  top: number;
  height: number;
  isCollapsed: boolean;
  isSelected: boolean;
  onToggle: (key: string) => void;
}

const SortableRow = memo(function SortableRow({
  row,
  top,
  height,
  isCollapsed,
  isSelected,
  onToggle,
  canReorder,
  members,
  epics,
  onOpenStory,
  onOpenMilestone,
  onAddStory,
}: RowProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const isDraggable = canReorder && (row.kind === 'story' || row.kind === 'milestone');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: row.id,
      disabled: { draggable: !isDraggable, droppable: false },
      attributes: { roleDescription: t('ui.planning.sortable') },
    });
  const style: CSSProperties = {
    top,
    height,
    transform: CSS.Translate.toString(transform),
    transition,
  };
  const title =
    row.kind === 'story'
      ? row.story.title
      : row.kind === 'milestone'
        ? row.milestone.title
        : t('ui.planning.backlog');
  const handle = isDraggable ? (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="tl-handle"
      aria-label={t('ui.planning.dragHandle', { title })}
      data-testid="drag-handle"
      {...attributes}
      {...listeners}
    >
      <svg width="12" height="18" viewBox="0 0 12 18" aria-hidden="true">
        {[3, 9, 15].map((y) => (
          <g key={y}>
            <circle cx="3" cy={y} r="1.6" />
            <circle cx="9" cy={y} r="1.6" />
          </g>
        ))}
      </svg>
    </button>
  ) : (
    <span className="tl-handle tl-handle--off" aria-hidden="true" />
  );
  const className = `tl-row tl-row--${row.kind}${isDragging ? ' tl-row--dragging' : ''}${isSelected ? ' tl-row--selected' : ''}`;

  if (row.kind === 'story') {
    const s = row.story;
    const epic = s.epicIdx !== null ? epics.get(s.epicIdx) : undefined;
    return (
      <div
        ref={setNodeRef}
        style={style}
        className={className}
        role="listitem"
        data-testid="story-row"
        data-story={s.storyIdx}
      >
        {handle}
        <span className={`tl-dot status--${s.status}`} aria-hidden="true" />
        <button type="button" className="tl-title" onClick={() => onOpenStory(s.storyIdx)} title={s.title}>
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
      <div ref={setNodeRef} style={style} className={className} role="listitem">
        <span className="tl-empty">{t('ui.planning.emptyMilestone')}</span>
      </div>
    );
  }
  const key = row.kind === 'milestone' ? groupKey(row.milestone.milestoneIdx) : groupKey(null);
  const milestoneIdx = row.kind === 'milestone' ? row.milestone.milestoneIdx : null;
  return (
    <div
      ref={setNodeRef}
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
      <span className="tl-count">{t('ui.planning.storyCount', { shown: row.shown, total: row.total })}</span>
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
});
