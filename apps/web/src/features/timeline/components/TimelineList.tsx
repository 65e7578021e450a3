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
import { useIsMobile } from '../../../lib/use-is-mobile';
import {
  buildRows,
  computeMilestoneDrop,
  computeStoryDrop,
  type MilestoneMove,
  type Plan,
  type Row,
  type StoryFilters,
  type StoryMove,
} from '../../../lib/planning/plan';
import { DragDots, heightOf, rowGroup, RowView } from './TimelineRow';

export interface ListProps {
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

interface SortableRowProps extends ListProps {
  row: Row;
  top: number;
  height: number;
  isCollapsed: boolean;
  isSelected: boolean;
  onToggle: (key: string) => void;
}

/** A row that may be dragged (by its handle, pointer or keyboard) and dropped on. */
const SortableRow = memo(function SortableRow({ row, top, height, canReorder, ...rest }: SortableRowProps) {
  const { t } = useTranslation();
  const isDraggable = canReorder && (row.kind === 'story' || row.kind === 'milestone');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: row.id,
      disabled: { draggable: !isDraggable, droppable: false },
      attributes: { roleDescription: t('ui.planning.sortable') },
    });
  const style: CSSProperties = { top, height, transform: CSS.Translate.toString(transform), transition };
  const dragHandle = isDraggable
    ? (title: string) => (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="tl-handle"
          aria-label={t('ui.planning.dragHandle', { title })}
          data-testid="drag-handle"
          {...attributes}
          {...listeners}
        >
          <DragDots />
        </button>
      )
    : undefined;
  return (
    <RowView
      {...rest}
      projectKey={rest.plan.projectKey}
      row={row}
      style={style}
      nodeRef={setNodeRef}
      isDragging={isDragging}
      dragHandle={dragHandle}
    />
  );
});
