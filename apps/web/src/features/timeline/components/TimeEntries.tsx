import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createTimekeepingRequest,
  toDateCode,
  type CreateTimekeepingRequest,
  type MemberInProject,
  type Timekeeping,
} from '@teamline/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { Button } from '../../../components/ui/Button';
import { Form, FormText } from '../../../components/ui/Form';
import { isoToCodeOrNull, useServerError } from '../../../lib/form';
import { requestForm, useZodForm } from '../../../lib/zod-form';
import { notify } from '../../../stores/toast-store';
import { planningApi, planningKeys } from '../../../lib/planning/planning-api';
import { useErrorToast } from '../../../lib/planning/use-planning';
import { applyOptimistic } from '../../../lib/planning/optimistic';
import { codeToIso, minutesFrom, splitMinutes } from '../logic/time';
import { memberName } from '../../../lib/member-name';

interface TimeValues {
  storyIdx: number;
  workDt: string;
  hours: string;
  minutes: string;
  note: string;
}
/** Hours and minutes make the entry's minutes (1 to 1440, the contract's rule, shown under Minutes). */
const timeForm = requestForm(
  (v: TimeValues) => ({
    storyIdx: v.storyIdx,
    workDt: isoToCodeOrNull(v.workDt) ?? '',
    minutes: minutesFrom(v.hours, v.minutes) ?? Number.NaN,
    note: v.note.trim() || null,
  }),
  createTimekeepingRequest,
);

/** Time entries of a story: log (date, hours and minutes, note), list, bulk delete of entries one may edit. */
export function TimeEntries({
  projectIdx,
  storyIdx,
  members,
  canLog,
}: {
  projectIdx: number;
  storyIdx: number;
  members: ReadonlyMap<number, MemberInProject>;
  canLog: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const client = useQueryClient();
  const onError = useErrorToast();
  const key = planningKeys.time(projectIdx, storyIdx);
  const entries = useQuery({ queryKey: key, queryFn: () => planningApi.timekeeping(storyIdx) });
  const form = useZodForm(timeForm, {
    defaultValues: {
      storyIdx,
      workDt: codeToIso(toDateCode(new Date())),
      hours: '1',
      minutes: '0',
      note: '',
    },
  });
  const onLogError = useServerError(form);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  // Decided by the server's record rule (docs/product/projects-and-membership.md#permission-check) and sent with each entry.
  const canDelete = (e: Timekeeping) => e.can?.delete === true;

  const log = useMutation({
    mutationFn: (body: CreateTimekeepingRequest) => planningApi.logTime({ ...body, storyIdx }),
    onSuccess: async () => {
      notify(t('ui.planning.time.logged'), 'success');
      form.resetField('note');
      await client.invalidateQueries({ queryKey: key });
    },
    onError: (error) => void onLogError(error),
  });
  const remove = useMutation({
    mutationFn: (idxs: number[]) => planningApi.deleteTime(idxs),
    onMutate: (idxs) =>
      applyOptimistic(client, [
        [key, (old: Timekeeping[]) => old.filter((e) => !idxs.includes(e.timekeepingIdx))],
      ]),
    onSuccess: (result) => {
      setSelected(new Set());
      notify(t('ui.planning.time.deletedCount', { count: result.deletedCount }), 'success');
    },
    onError: (error, _idxs, rollback) => {
      rollback?.();
      onError(error);
    },
  });

  const sum = useMemo(() => (entries.data ?? []).reduce((a, e) => a + e.minutes, 0), [entries.data]);
  const fmt = (m: number) => t('ui.planning.time.duration', splitMinutes(m));

  return (
    <section className="dp-section" aria-labelledby={`time-${storyIdx}`}>
      <h3 id={`time-${storyIdx}`}>
        {t('ui.planning.time.title')}{' '}
        {entries.data && entries.data.length > 0 && (
          <span className="dp-muted" data-testid="time-total">
            {t('ui.planning.time.total', { time: fmt(sum) })}
          </span>
        )}
      </h3>
      {entries.isLoading && (
        <span className="spinner spinner--inline" role="status" aria-label={t('ui.common.loading')} />
      )}
      {entries.isError && <p className="dp-muted">{t('ui.common.loadFailed')}</p>}
      {entries.data?.length === 0 && <p className="dp-muted">{t('ui.planning.time.empty')}</p>}
      {entries.data && entries.data.length > 0 && (
        <ul className="time-list" data-testid="time-list">
          {entries.data.map((e) => (
            <li key={e.timekeepingIdx}>
              <input
                type="checkbox"
                disabled={!canDelete(e)}
                aria-label={t('ui.planning.time.select', { date: formatDate(e.workDt, lang) })}
                checked={selected.has(e.timekeepingIdx)}
                onChange={(ev) => {
                  const next = new Set(selected);
                  if (ev.target.checked) next.add(e.timekeepingIdx);
                  else next.delete(e.timekeepingIdx);
                  setSelected(next);
                }}
              />
              <span className="time-list__date">{formatDate(e.workDt, lang)}</span>
              <span className="time-list__who">
                {memberName(members.get(e.memberInProjectIdx)?.nickname, t)}
              </span>
              <span className="time-list__min">{fmt(e.minutes)}</span>
              {e.note && <span className="time-list__note">{e.note}</span>}
            </li>
          ))}
        </ul>
      )}
      {selected.size > 0 && (
        <Button
          variant="danger"
          size="small"
          isLoading={remove.isPending}
          onClick={() => remove.mutate([...selected])}
        >
          {t('ui.planning.time.deleteSelected', { count: selected.size })}
        </Button>
      )}
      {canLog && (
        <Form
          form={form}
          onSubmit={(body) => log.mutate(body)}
          className="time-form"
          aria-label={t('ui.planning.time.log')}
        >
          <FormText name="workDt" type="date" label={t('ui.planning.time.date')} />
          <FormText name="hours" type="number" label={t('ui.planning.time.hours')} min={0} max={24} />
          <FormText
            name="minutes"
            type="number"
            label={t('ui.planning.time.minutes')}
            min={0}
            max={59}
            step={5}
          />
          <FormText
            name="note"
            label={t('ui.planning.time.note')}
            maxLength={2000}
            className="time-form__note"
          />
          <Button type="submit" size="small" isLoading={log.isPending}>
            {t('ui.planning.time.log')}
          </Button>
        </Form>
      )}
    </section>
  );
}
