import { useMemo } from 'react';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { buildRows, type Row } from '../../../lib/planning/plan';
import type { ListProps } from './TimelineList';
import { heightOf, RowView } from './TimelineRow';

/** Rows in the first screen: enough for a tall window before the real list takes over. */
const FIRST_ROWS = 40;
const noCollapsed: ReadonlySet<string> = new Set();
const ignore = () => undefined;

/** Each row's offset from the top of the list, and the whole list's height. */
function placeRows(
  rows: readonly Row[],
  isMobile: boolean,
): { placed: { row: Row; at: number }[]; top: number } {
  const placed: { row: Row; at: number }[] = [];
  let top = 0;
  for (const row of rows) {
    placed.push({ row, at: top });
    top += heightOf(row, isMobile);
  }
  return { placed, top };
}

/**
 * The first screen of the timeline while the list's drag-and-drop and virtual-list code loads
 * (a separate chunk, so the page's initial JavaScript stays small): the same rows, in the same
 * places, readable and clickable, without drag handles or collapsing. The real list replaces it
 * within a moment, at the same height, so nothing jumps.
 */
export function TimelinePreview({
  plan,
  filters,
  members,
  epics,
  selectedStory,
  selectedMilestone,
  onOpenStory,
  onOpenMilestone,
  onAddStory,
}: ListProps) {
  const isMobile = useIsMobile();
  const rows = useMemo(() => buildRows(plan, filters, noCollapsed, false), [plan, filters]);
  const { placed, top } = useMemo(() => placeRows(rows, isMobile), [rows, isMobile]);
  return (
    <div className="tl-list" role="list" data-testid="timeline-preview" style={{ height: top }}>
      {placed.slice(0, FIRST_ROWS).map(({ row, at }) => (
        <RowView
          key={row.id}
          row={row}
          style={{ top: at, height: heightOf(row, isMobile) }}
          isCollapsed={false}
          isSelected={
            (row.kind === 'story' && row.story.storyIdx === selectedStory) ||
            (row.kind === 'milestone' && row.milestone.milestoneIdx === selectedMilestone)
          }
          members={members}
          epics={epics}
          projectKey={plan.projectKey}
          onToggle={ignore}
          onOpenStory={onOpenStory}
          onOpenMilestone={onOpenMilestone}
          onAddStory={onAddStory}
        />
      ))}
    </div>
  );
}
