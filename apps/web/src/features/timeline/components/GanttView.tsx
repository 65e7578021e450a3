import { useVirtualizer } from '@tanstack/react-virtual';
import { storyKey, type Epic } from '@teamline/contract';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useLanguage } from '../../../lib/use-language';
import { barGeometry, codeOfDay, dayOfDate, dayPosition, ganttRange } from '../logic/gantt';
import { buildRows, type Plan, type StoryFilters } from '../../../lib/planning/plan';

const ROW_H = 40;

/**
 * The schedule view: one row per milestone and story (virtualised both ways by the browser's
 * scrolling: only visible rows are mounted), bars from start to end date, and a line for today.
 */
export function GanttView({
  plan,
  filters,
  epics,
  onOpenStory,
  onOpenMilestone,
}: {
  plan: Plan;
  filters: StoryFilters;
  epics: ReadonlyMap<number, Epic>;
  onOpenStory: (storyIdx: number) => void;
  onOpenMilestone: (milestoneIdx: number) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const isMobile = useIsMobile();
  const labelWidth = isMobile ? 120 : 280;
  const DAY_WIDTH = isMobile ? 24 : 28;
  const rows = useMemo(
    () => buildRows(plan, filters, new Set()).filter((r) => r.kind !== 'empty'),
    [plan, filters],
  );
  const today = dayOfDate(new Date());
  const planned = useMemo(() => {
    const dates: (string | null)[] = [];
    for (const m of plan.milestones) {
      dates.push(m.startDt, m.endDt);
      for (const s of m.stories) dates.push(s.startDt, s.endDt);
    }
    for (const s of plan.backlog) dates.push(s.startDt, s.endDt);
    return ganttRange(dates, today);
  }, [plan, today]);
  // The chart fills the panel: a short plan gets days added after its end instead of blank space.
  const scrollRef = useRef<HTMLDivElement>(null);
  const [panelWidth, setPanelWidth] = useState(0);
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setPanelWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const range = useMemo(
    () => ({
      startDay: planned.startDay,
      endDay: Math.max(
        planned.endDay,
        planned.startDay + Math.ceil((panelWidth - labelWidth) / DAY_WIDTH) - 1,
      ),
    }),
    [planned, panelWidth, labelWidth, DAY_WIDTH],
  );
  const days = range.endDay - range.startDay + 1;
  const width = days * DAY_WIDTH;
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser is read during render only
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_H,
    overscan: 10,
  });
  const months = useMemo(() => {
    const list: { left: number; label: string }[] = [];
    for (let d = range.startDay; d <= range.endDay; d += 1) {
      const code = codeOfDay(d);
      if (d === range.startDay || code.endsWith('01'))
        list.push({
          left: dayPosition(d, range, DAY_WIDTH),
          label: formatMonth(code, lang),
        });
    }
    return list;
  }, [range, lang, DAY_WIDTH]);
  /** Day numbers under the months (every day, every other one on phones), weekends shaded. */
  const dayTicks = useMemo(() => {
    const list: { left: number; label: string; isWeekend: boolean; key: number }[] = [];
    for (let d = range.startDay; d <= range.endDay; d += 1) {
      const weekday = new Date(d * 86_400_000).getUTCDay();
      list.push({
        key: d,
        left: dayPosition(d, range, DAY_WIDTH),
        label: isMobile && (d - range.startDay) % 2 === 1 ? '' : String(Number(codeOfDay(d).slice(6, 8))),
        isWeekend: weekday === 0 || weekday === 6,
      });
    }
    return list;
  }, [range, DAY_WIDTH, isMobile]);
  const todayLeft = dayPosition(today, range, DAY_WIDTH) + DAY_WIDTH / 2;
  // Open with today in view (a third from the left of the chart area).
  const hasScrolled = useRef(false);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || hasScrolled.current) return;
    hasScrolled.current = true;
    const chartWidth = el.clientWidth - labelWidth;
    // Scroll only when today would otherwise sit in the last third (or past the edge).
    if (todayLeft > (chartWidth * 2) / 3) el.scrollLeft = Math.max(0, todayLeft - chartWidth / 3);
  }, [todayLeft, labelWidth]);

  return (
    <div
      className="gantt"
      ref={scrollRef}
      data-testid="gantt"
      role="region"
      aria-label={t('ui.planning.ganttView')}
    >
      <div className="gantt__inner" style={{ width: labelWidth + width }}>
        <div className="gantt__head" style={{ width: labelWidth + width }}>
          <div className="gantt__corner" style={{ width: labelWidth }} />
          <div className="gantt__scale" style={{ width }}>
            {months.map((m) => (
              <span key={m.left} className="gantt__month" style={{ left: m.left }}>
                {m.label}
              </span>
            ))}
            {dayTicks.map((d) => (
              <span
                key={d.key}
                className={`gantt__day${d.isWeekend ? ' gantt__day--weekend' : ''}`}
                style={{ left: d.left, width: DAY_WIDTH }}
                aria-hidden="true"
              >
                {d.label}
              </span>
            ))}
          </div>
        </div>
        <div className="gantt__body" style={{ height: virtualizer.getTotalSize() }}>
          <div
            className="gantt__today"
            style={{ left: labelWidth + todayLeft }}
            data-testid="gantt-today"
            title={t('ui.planning.today')}
          >
            <span>{t('ui.planning.today')}</span>
          </div>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const isStory = row.kind === 'story';
            const title =
              row.kind === 'story'
                ? [storyKey(plan.projectKey, row.story.storyNo), row.story.title].filter(Boolean).join(' ')
                : row.kind === 'milestone'
                  ? row.milestone.title
                  : t('ui.planning.backlog');
            const dated = row.kind === 'story' ? row.story : row.kind === 'milestone' ? row.milestone : null;
            const status = dated?.status ?? '';
            const bar = dated ? barGeometry(dated.startDt, dated.endDt, range, DAY_WIDTH) : null;
            const epic =
              row.kind === 'story' && row.story.epicIdx !== null ? epics.get(row.story.epicIdx) : undefined;
            const open = () => {
              if (row.kind === 'story') onOpenStory(row.story.storyIdx);
              else if (row.kind === 'milestone') onOpenMilestone(row.milestone.milestoneIdx);
            };
            return (
              <div
                key={row.id}
                className={`gantt__row${isStory ? '' : ' gantt__row--group'}`}
                style={{ transform: `translateY(${item.start}px)`, height: ROW_H }}
                data-testid="gantt-row"
              >
                <div className="gantt__label" style={{ width: labelWidth }}>
                  {row.kind === 'backlog' ? (
                    <span className="gantt__name">{title}</span>
                  ) : (
                    <button type="button" className="gantt__name" onClick={open} title={title}>
                      {title}
                    </button>
                  )}
                </div>
                <div className="gantt__track" style={{ width }}>
                  {bar ? (
                    <button
                      type="button"
                      tabIndex={-1}
                      className={`gantt__bar status--${status}${isStory ? '' : ' gantt__bar--group'}`}
                      style={{ left: bar.left, width: bar.width, borderColor: epic?.colorCode ?? undefined }}
                      onClick={open}
                      title={`${title} · ${t(`ui.status.${status}`)}`}
                      data-testid="gantt-bar"
                    />
                  ) : (
                    dated && <span className="gantt__nodate">{t('ui.planning.noDates')}</span>
                  )}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
