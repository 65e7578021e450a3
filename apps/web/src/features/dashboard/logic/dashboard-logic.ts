import { historyTypes, type DashboardBurn, type DashboardStatusCount } from '@teamline/contract';

// ---------- day codes (YYYYMMDD, UTC) ----------

export const codeToTime = (code: string): number =>
  Date.UTC(Number(code.slice(0, 4)), Number(code.slice(4, 6)) - 1, Number(code.slice(6, 8)));
export const timeToCode = (time: number): string =>
  new Date(time).toISOString().slice(0, 10).replaceAll('-', '');
export const addDaysToCode = (code: string, days: number): string =>
  timeToCode(codeToTime(code) + days * 86_400_000);
export const daysBetween = (from: string, to: string): number =>
  Math.round((codeToTime(to) - codeToTime(from)) / 86_400_000);

// ---------- burn-down ----------

export interface BurnRow {
  date: string;
  /** Stories still to do at the end of the day; null for days still to come. */
  remaining: number | null;
  done: number | null;
  scope: number | null;
  /** The straight line from the most remaining work in the window to zero at the project's end. */
  ideal: number | null;
}

/** Longest stretch past today the chart extends towards the project's end date. */
export const BURN_FUTURE_DAYS = 120;

/**
 * One row per day from `burn.from` to `burn.to`, carrying the last known values over days without
 * changes; with a project end date after today, the days up to it follow with only the ideal line.
 * Empty when nothing has happened yet.
 */
export function buildBurnSeries(burn: DashboardBurn, projectEndDt?: string | null): BurnRow[] {
  if (burn.points.length === 0) return [];
  const byDate = new Map(burn.points.map((p) => [p.date, p]));
  const rows: BurnRow[] = [];
  let scope = burn.start.scope;
  let done = burn.start.done;
  const pastDays = Math.max(0, daysBetween(burn.from, burn.to));
  for (let i = 0; i <= pastDays; i++) {
    const date = addDaysToCode(burn.from, i);
    const point = byDate.get(date);
    if (point) {
      scope = point.scope;
      done = point.done;
    }
    rows.push({ date, remaining: scope - done, done, scope, ideal: null });
  }
  const end = projectEndDt && projectEndDt.length === 8 && projectEndDt > burn.from ? projectEndDt : null;
  if (end) {
    const futureDays = Math.min(BURN_FUTURE_DAYS, daysBetween(burn.to, end));
    for (let i = 1; i <= futureDays; i++)
      rows.push({ date: addDaysToCode(burn.to, i), remaining: null, done: null, scope: null, ideal: null });
    // From the most work there was (scope grows while a project is planned) down to zero.
    const first = Math.max(...rows.map((r) => r.remaining ?? 0));
    const span = daysBetween(burn.from, end);
    for (const row of rows) {
      const elapsed = daysBetween(burn.from, row.date);
      row.ideal = Math.max(0, Math.round(first * (1 - elapsed / span) * 10) / 10);
    }
  }
  return rows;
}

// Formatters live in lib/format (one per kind for the whole app); re-exported for the panels.
export { formatHours, formatPercent, formatRelative, formatShortDay } from '../../../lib/format';

// ---------- sections ----------

/** Status colours of the chart and the badges (one palette for the whole page). */
export const statusColor: Record<string, string> = {
  considering: '#8b5cf6',
  pending: '#9ca3af',
  inProgress: '#2563eb',
  completed: '#00a676',
  delayed: '#dc2626',
  rejected: '#6b7280',
  approving: '#f59e0b',
  approved: '#00a676',
};

/** Only the statuses that have stories, in the contract's order (an empty pie slice is noise). */
export const nonEmptyStatuses = (rows: DashboardStatusCount[]): DashboardStatusCount[] =>
  rows.filter((r) => r.count > 0);

/** Where an activity entry points in the timeline; null when its story or milestone is gone. */
export function timelineHref(
  projectIdx: number,
  item: { storyIdx: number | null; milestoneIdx: number | null; exists?: boolean },
): string | null {
  if (item.exists === false) return null;
  if (item.storyIdx) return `/timeline/${projectIdx}?selectedStory=${item.storyIdx}`;
  if (item.milestoneIdx) return `/timeline/${projectIdx}?selectedMilestone=${item.milestoneIdx}`;
  return null;
}

const typeKeys = Object.fromEntries(Object.entries(historyTypes).map(([name, n]) => [n, name])) as Record<
  number,
  string
>;
/** The translation key (under ui.dashboard.activity.types) of a history event number. */
export const activityTypeKey = (type: number): string => typeKeys[type] ?? 'other';
