import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatDuration,
  maxMinutesPerDay,
  parseDuration,
  todayCode,
  type Timekeeping,
} from '@teamline/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { ApiError, errorCodeOf } from '../../../lib/api-client';
import { fieldErrorText, showServerError } from '../../../lib/form';
import { formatDate, formatShortDay } from '../../../lib/format';
import { useAbilities } from '../../../lib/use-abilities';
import { useLanguage } from '../../../lib/use-language';
import { timesheetApi, timesheetKeys } from '../api/timesheet-api';
import { addDays, localToday, mondayOf, planCellWrite, weekDays } from '../logic/week';
import '../timesheet.css';

/**
 * The weekly time sheet of one member in one project (issue 11): rows are stories, columns days,
 * cells hours and minutes. The settlement page shows it as its "Time sheet" tab.
 */
export interface TimeSheetProps {
  projectIdx: number;
  memberInProjectIdx: number;
}

const weekdayKeys = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
type CellState = 'saving' | 'saved' | 'error';
/** A row's story, or `null` for time whose story was deleted (read-only: a new entry needs a story). */
type RowKey = number | null;
const cellName = (story: RowKey, day: string) => `c${story ?? 'x'}_${day}`;
const noteName = (story: RowKey, day: string) => `n${story ?? 'x'}_${day}`;
const monthOf = (day: string) => day.slice(0, 6);
const sumOf = (entries: readonly Timekeeping[]) => entries.reduce((sum, e) => sum + e.minutes, 0);
/** The month a TIMEKEEPING_LOCKED answer names (`details.month`), if any. */
const lockedMonthOf = (error: unknown): string | null => {
  if (!(error instanceof ApiError) || error.code !== 'TIMEKEEPING_LOCKED') return null;
  const month = (error.details as { month?: unknown } | undefined)?.month;
  return typeof month === 'string' ? month : null;
};

export function TimeSheet({ projectIdx, memberInProjectIdx }: TimeSheetProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const client = useQueryClient();
  const [monday, setMonday] = useState(() => mondayOf(localToday()));
  const days = useMemo(() => weekDays(monday), [monday]);
  const from = days[0]!;
  const to = days[6]!;
  // The member's own today, in this browser's time zone: copying last week or typing into tomorrow
  // would log time not yet worked (the server's bound, the latest zone on earth, is looser).
  const today = todayCode(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const key = timesheetKeys.week(projectIdx, memberInProjectIdx, from);
  const entries = useQuery({
    queryKey: key,
    queryFn: () => timesheetApi.entries(projectIdx, memberInProjectIdx, from, to),
  });
  const storyList = useQuery({
    queryKey: timesheetKeys.stories(projectIdx),
    queryFn: () => timesheetApi.stories(projectIdx),
  });
  const stories = storyList.data ?? [];
  const titleOf = (story: RowKey) =>
    story === null
      ? t('ui.timesheet.deletedStory')
      : (stories.find((s) => s.storyIdx === story)?.title ?? `#${story}`);

  const [addedRows, setAddedRows] = useState<number[]>([]);
  const [picked, setPicked] = useState('');
  const [lockedByError, setLockedByError] = useState<ReadonlySet<string>>(new Set());
  const [cellStates, setCellStates] = useState<Record<string, CellState>>({});
  const [openNote, setOpenNote] = useState<string | null>(null);
  const [copy, setCopy] = useState<{ done: number; total: number } | null>(null);
  const [copyResult, setCopyResult] = useState<string | null>(null);

  /** Entries by cell name, in the order they were logged. */
  const byCell = useMemo(() => {
    const map = new Map<string, Timekeeping[]>();
    for (const e of entries.data ?? []) {
      const name = cellName(e.storyIdx, e.workDt);
      map.set(name, [...(map.get(name) ?? []), e]);
    }
    return map;
  }, [entries.data]);
  const rows = useMemo<RowKey[]>(() => {
    const withTime = [...new Set((entries.data ?? []).map((e) => e.storyIdx))];
    const added = addedRows.filter((s) => !withTime.includes(s));
    return [...withTime, ...added];
  }, [entries.data, addedRows]);

  // Months the server says are locked by a submitted settlement (`locked` on entries), and months
  // a write was refused in with TIMEKEEPING_LOCKED.
  const lockedMonths = useMemo(() => {
    const months = new Set(lockedByError);
    for (const e of entries.data ?? []) if (e.locked) months.add(monthOf(e.workDt));
    return months;
  }, [entries.data, lockedByError]);
  const weekLocked = days.some((d) => lockedMonths.has(monthOf(d)));
  /** Every day of the week in a submitted month: nothing to add or copy. */
  const weekAllLocked = days.every((d) => lockedMonths.has(monthOf(d)));
  // A reader who may not log time at all (a client), or whose every open entry here is not theirs to
  // edit (the record rule said so on each), sees the sheet without changing it.
  const abilities = useAbilities(projectIdx);
  const open = (entries.data ?? []).filter((e) => !e.locked);
  const viewOnly =
    !abilities.can('time.log') || (open.length > 0 && open.every((e) => e.can?.edit === false));

  // The grid's values: a cell's total as h:mm and the note of its last entry.
  const values = useMemo(() => {
    const v: Record<string, string> = {};
    for (const story of rows)
      for (const day of days) {
        const cell = byCell.get(cellName(story, day)) ?? [];
        v[cellName(story, day)] = cell.length ? formatDuration(sumOf(cell)) : '';
        v[noteName(story, day)] = cell.at(-1)?.note ?? '';
      }
    return v;
  }, [rows, days, byCell]);
  const form = useForm<Record<string, string>>({ values, resetOptions: { keepDirtyValues: true } });

  const setState = (name: string, state: CellState) => setCellStates((s) => ({ ...s, [name]: state }));
  const refresh = () => client.invalidateQueries({ queryKey: timesheetKeys.all(projectIdx) });

  /** A refused write: a locked month turns read-only; rules of the day show on the cell; the rest is a toast. */
  function onWriteError(name: string, day: string, error: unknown) {
    setState(name, 'error');
    const month = lockedMonthOf(error) ?? (errorCodeOf(error) === 'TIMEKEEPING_LOCKED' ? monthOf(day) : null);
    if (month) setLockedByError((s) => new Set([...s, month]));
    showServerError(t, form, error, {
      codeFields: {
        TIMEKEEPING_DAY_LIMIT: name,
        TIMEKEEPING_FUTURE_DATE: name,
        TIMEKEEPING_LOCKED: name,
        FORBIDDEN: name,
      },
    });
  }

  async function saveCell(story: number | null, day: string) {
    const name = cellName(story, day);
    const text = form.getValues(name) ?? '';
    const minutes = parseDuration(text);
    form.clearErrors(name);
    if (minutes === null) return form.setError(name, { message: 'durationFormat' });
    if (minutes > maxMinutesPerDay) return form.setError(name, { message: 'durationDay' });
    const cell = byCell.get(name) ?? [];
    const write = planCellWrite(cell, minutes);
    if (write.kind === 'none') {
      form.resetField(name, { defaultValue: minutes ? formatDuration(minutes) : '' });
      return;
    }
    if (write.kind === 'create' && story === null) return;
    setState(name, 'saving');
    try {
      if (write.kind === 'create') {
        const note = form.getValues(noteName(story, day))?.trim();
        await timesheetApi.create({
          storyIdx: story!,
          memberInProjectIdx,
          workDt: day,
          minutes: write.minutes,
          ...(note ? { note } : {}),
        });
      } else if (write.kind === 'delete') {
        await timesheetApi.remove(write.timekeepingIdxs);
      } else {
        // Removing first keeps the day under its limit while the cell shrinks.
        if (write.remove.length) await timesheetApi.remove(write.remove);
        await timesheetApi.update(write.timekeepingIdx, { minutes: write.minutes });
      }
      form.resetField(name, { defaultValue: minutes ? formatDuration(minutes) : '' });
      setState(name, 'saved');
    } catch (error) {
      onWriteError(name, day, error);
    }
    await refresh();
  }

  async function saveNote(story: number | null, day: string) {
    const name = cellName(story, day);
    const note = (form.getValues(noteName(story, day)) ?? '').trim();
    const last = (byCell.get(name) ?? []).at(-1);
    setOpenNote(null);
    // An empty cell keeps its note until time is typed: it goes with the new entry.
    if (!last || (last.note ?? '') === note) return;
    setState(name, 'saving');
    try {
      await timesheetApi.update(last.timekeepingIdx, { note: note || null });
      setState(name, 'saved');
    } catch (error) {
      onWriteError(name, day, error);
    }
    await refresh();
  }

  /** Last week's entries again 7 days later, where that story has no time that day yet. */
  async function copyLastWeek() {
    setCopyResult(null);
    const lastMonday = addDays(monday, -7);
    const previous = await client.fetchQuery({
      queryKey: timesheetKeys.week(projectIdx, memberInProjectIdx, lastMonday),
      queryFn: () => timesheetApi.entries(projectIdx, memberInProjectIdx, lastMonday, addDays(lastMonday, 6)),
    });
    const copyable = previous.filter((e) => e.storyIdx !== null);
    if (copyable.length === 0) return setCopyResult(t('ui.timesheet.copyNothing'));
    const todo = copyable.filter((e) => {
      const day = addDays(e.workDt, 7);
      return day <= today && !lockedMonths.has(monthOf(day)) && !byCell.has(cellName(e.storyIdx, day));
    });
    let created = 0;
    let failed = 0;
    setCopy({ done: 0, total: todo.length });
    for (const e of todo) {
      try {
        await timesheetApi.create({
          storyIdx: e.storyIdx!,
          memberInProjectIdx,
          workDt: addDays(e.workDt, 7),
          minutes: e.minutes,
          ...(e.note ? { note: e.note } : {}),
        });
        created += 1;
      } catch (error) {
        failed += 1;
        const month = lockedMonthOf(error);
        if (month) setLockedByError((s) => new Set([...s, month]));
      }
      setCopy({ done: created + failed, total: todo.length });
    }
    setCopy(null);
    const skipped = copyable.length - todo.length;
    setCopyResult(
      [
        t('ui.timesheet.copied', { count: created, skipped }),
        failed ? t('ui.timesheet.copyFailed', { count: failed }) : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
    await refresh();
  }

  const goTo = (next: string) => {
    setMonday(next);
    setAddedRows([]);
    setOpenNote(null);
    setCopyResult(null);
  };
  const dayTotal = (day: string) => sumOf((entries.data ?? []).filter((e) => e.workDt === day));
  const rowTotal = (story: RowKey) => sumOf((entries.data ?? []).filter((e) => e.storyIdx === story));
  const weekTotal = sumOf(entries.data ?? []);
  const pickable = stories.filter((s) => !rows.includes(s.storyIdx));
  const errors = form.formState.errors;

  return (
    <section className="timesheet" aria-labelledby="timesheet-heading">
      <div className="timesheet__toolbar">
        <h3 id="timesheet-heading" className="timesheet__heading">
          {t('ui.timesheet.heading')}
        </h3>
        <span className="timesheet__week">
          {t('ui.timesheet.week', { from: formatDate(from, lang), to: formatDate(to, lang) })}
        </span>
        <div className="timesheet__nav">
          <Button variant="outline" size="small" onClick={() => goTo(addDays(monday, -7))}>
            {t('ui.timesheet.previousWeek')}
          </Button>
          <Button variant="outline" size="small" onClick={() => goTo(mondayOf(localToday()))}>
            {t('ui.timesheet.thisWeek')}
          </Button>
          <Button variant="outline" size="small" onClick={() => goTo(addDays(monday, 7))}>
            {t('ui.timesheet.nextWeek')}
          </Button>
          <Button
            variant="outline"
            size="small"
            isLoading={copy !== null}
            disabled={copy !== null || entries.isLoading || viewOnly || weekAllLocked}
            onClick={() => void copyLastWeek()}
          >
            {t('ui.timesheet.copyLastWeek')}
          </Button>
        </div>
      </div>

      {weekLocked && (
        <p className="timesheet__banner" role="alert" data-testid="timesheet-locked">
          {t('ui.timesheet.locked', {
            months: [...lockedMonths]
              .filter((m) => days.some((d) => monthOf(d) === m))
              .map((m) => formatDate(m, lang))
              .join(', '),
          })}
        </p>
      )}
      {viewOnly && !entries.isLoading && (
        <p className="timesheet__muted" data-testid="timesheet-view-only">
          {t('ui.timesheet.readOnly')}
        </p>
      )}
      {(copy || copyResult) && (
        <p className="timesheet__message" role="status">
          {copy ? t('ui.timesheet.copying', copy) : copyResult}
        </p>
      )}

      {entries.isLoading && (
        <span className="spinner spinner--inline" role="status" aria-label={t('ui.timesheet.loading')} />
      )}
      {entries.isError && <p className="timesheet__muted">{t('ui.common.loadFailed')}</p>}
      {entries.data && rows.length === 0 && <p className="timesheet__muted">{t('ui.timesheet.empty')}</p>}

      {entries.data && rows.length > 0 && (
        // Shown on a phone only (CSS): the grid shows Mon–Wed and scrolls for the rest.
        <p className="timesheet__scroll-hint">{t('ui.timesheet.scrollHint')}</p>
      )}
      {entries.data && rows.length > 0 && (
        <div className="timesheet__scroll">
          <table className="timesheet__grid">
            <thead>
              <tr>
                <th scope="col">{t('ui.timesheet.story')}</th>
                {days.map((day, i) => (
                  <th scope="col" key={day} className={day > today ? 'timesheet__future' : undefined}>
                    <span>{t(`ui.timesheet.weekdays.${weekdayKeys[i]!}`)}</span>{' '}
                    <span className="timesheet__date">{formatShortDay(day, lang)}</span>
                  </th>
                ))}
                <th scope="col">{t('ui.timesheet.total')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((story) => (
                <tr key={story ?? 'deleted'}>
                  <th scope="row" className="timesheet__story">
                    {titleOf(story)}
                  </th>
                  {days.map((day) => {
                    const name = cellName(story, day);
                    const cell = byCell.get(name) ?? [];
                    const future = day > today;
                    const readOnly =
                      future ||
                      viewOnly ||
                      lockedMonths.has(monthOf(day)) ||
                      cell.some((e) => e.can?.edit === false) ||
                      (story === null && cell.length === 0);
                    const label = t('ui.timesheet.cell', {
                      story: titleOf(story),
                      date: formatDate(day, lang),
                    });
                    const error = fieldErrorText(t, errors[name]);
                    const state = cellStates[name];
                    return (
                      <td key={day} className={`timesheet__cell${error ? ' timesheet__cell--error' : ''}`}>
                        <input
                          {...form.register(name, { onBlur: () => void saveCell(story, day) })}
                          className="timesheet__input"
                          inputMode="decimal"
                          autoComplete="off"
                          aria-label={label}
                          aria-invalid={error ? true : undefined}
                          title={future ? t('ui.timesheet.future') : t('ui.timesheet.cellHint')}
                          placeholder={readOnly ? '' : '0:00'}
                          readOnly={readOnly}
                          disabled={future}
                        />
                        {!future &&
                          (readOnly
                            ? Boolean(values[noteName(story, day)])
                            : story !== null || cell.length > 0) && (
                            <button
                              type="button"
                              className={`timesheet__note-toggle${values[noteName(story, day)] ? ' timesheet__note-toggle--has' : ''}`}
                              aria-label={t('ui.timesheet.noteFor', {
                                story: titleOf(story),
                                date: formatDate(day, lang),
                              })}
                              aria-expanded={openNote === name}
                              onClick={() => setOpenNote(openNote === name ? null : name)}
                            >
                              ✎
                            </button>
                          )}
                        {state && (
                          <span
                            className={`timesheet__state timesheet__state--${state}`}
                            data-testid={`state-${name}`}
                          >
                            <span aria-hidden="true">
                              {state === 'saving' ? '…' : state === 'saved' ? '✓' : '!'}
                            </span>
                            <span className="visually-hidden">{t(`ui.timesheet.status.${state}`)}</span>
                          </span>
                        )}
                        {cell.length > 1 && (
                          <span className="timesheet__count">
                            {t('ui.timesheet.severalEntries', { count: cell.length })}
                          </span>
                        )}
                        {error && (
                          <span className="timesheet__error" role="alert">
                            {error}
                          </span>
                        )}
                        {openNote === name && (
                          <div className="timesheet__note" role="dialog" aria-label={t('ui.timesheet.note')}>
                            <textarea
                              {...form.register(noteName(story, day))}
                              aria-label={t('ui.timesheet.note')}
                              maxLength={2000}
                              rows={3}
                              readOnly={readOnly}
                              onKeyDown={(e) => e.key === 'Escape' && setOpenNote(null)}
                              autoFocus
                            />
                            <div className="timesheet__note-actions">
                              {!readOnly && (
                                <Button size="small" onClick={() => void saveNote(story, day)}>
                                  {t('ui.timesheet.noteSave')}
                                </Button>
                              )}
                              <Button variant="ghost" size="small" onClick={() => setOpenNote(null)}>
                                {t('ui.timesheet.noteClose')}
                              </Button>
                            </div>
                          </div>
                        )}
                      </td>
                    );
                  })}
                  <td className="timesheet__total" data-testid={`row-total-${story ?? 'deleted'}`}>
                    {formatDuration(rowTotal(story))}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('ui.timesheet.total')}</th>
                {days.map((day, i) => (
                  <td
                    key={day}
                    className="timesheet__total"
                    data-testid={`day-total-${day}`}
                    aria-label={t('ui.timesheet.dayTotal', {
                      day: t(`ui.timesheet.weekdays.${weekdayKeys[i]!}`),
                    })}
                  >
                    {formatDuration(dayTotal(day))}
                  </td>
                ))}
                <td
                  className="timesheet__total timesheet__week-total"
                  data-testid="week-total"
                  aria-label={t('ui.timesheet.weekTotal')}
                >
                  {formatDuration(weekTotal)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}

      {entries.data && !viewOnly && !weekAllLocked && (
        <form
          className="timesheet__add"
          onSubmit={(e) => {
            e.preventDefault();
            if (picked) setAddedRows((r) => [...r, Number(picked)]);
            setPicked('');
          }}
        >
          <label className="timesheet__add-label" htmlFor="timesheet-add-story">
            {t('ui.timesheet.addRow')}
          </label>
          <select
            id="timesheet-add-story"
            className="input"
            value={picked}
            onChange={(e) => setPicked(e.target.value)}
            disabled={pickable.length === 0}
          >
            <option value="">
              {pickable.length
                ? t('ui.timesheet.chooseStory')
                : stories.length
                  ? t('ui.timesheet.allStoriesListed')
                  : t('ui.timesheet.noStories')}
            </option>
            {pickable.map((s) => (
              <option key={s.storyIdx} value={s.storyIdx}>
                {s.title}
              </option>
            ))}
          </select>
          <Button type="submit" size="small" variant="outline" disabled={!picked}>
            {t('ui.timesheet.addRowSubmit')}
          </Button>
        </form>
      )}
    </section>
  );
}
