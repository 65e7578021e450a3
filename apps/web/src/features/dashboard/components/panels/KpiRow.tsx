import { UPCOMING_DAYS } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { formatNumberLocal } from '../../../../lib/format';
import { formatHours, formatPercent } from '../../logic/dashboard-logic';
import { Kpi, type PanelProps } from './parts';

/** The key numbers: the client view leads with approvals, the professional view with their own work. */
export function KpiRow({ d, lang }: PanelProps) {
  const { t } = useTranslation();
  const hours = (minutes: number) => t('ui.dashboard.hours', { value: formatHours(minutes, lang) });
  const planned = d.storiesByStatus
    .filter((s) => s.status !== 'considering' && s.status !== 'rejected')
    .reduce((a, s) => a + s.count, 0);
  const progress = (
    <Kpi
      id="progress"
      label={t('ui.dashboard.kpi.progress')}
      value={formatPercent(d.totals.progress, lang)}
      hint={t('ui.dashboard.kpi.progressHint', {
        done: formatNumberLocal(d.totals.completedStoryCount, lang),
        total: formatNumberLocal(planned, lang),
        count: planned,
      })}
      bar={d.totals.progress}
    />
  );
  const delayed = (
    <Kpi
      id="delayed"
      label={t('ui.dashboard.kpi.delayed')}
      value={formatNumberLocal(d.delayed.total, lang)}
      hint={t('ui.dashboard.kpi.delayedHint')}
      tone={d.delayed.total > 0 ? 'danger' : undefined}
    />
  );
  const upcoming = (
    <Kpi
      id="upcoming"
      label={t('ui.dashboard.kpi.upcoming')}
      value={formatNumberLocal(d.upcoming.total, lang)}
      hint={t('ui.dashboard.kpi.upcomingHint', { days: UPCOMING_DAYS })}
    />
  );

  return (
    <>
      {d.approvals ? (
        <div className="dash-kpis">
          {progress}
          <Kpi
            id="approvals"
            label={t('ui.dashboard.kpi.approvals')}
            value={formatNumberLocal(d.approvals.length, lang)}
            hint={t('ui.dashboard.kpi.approvalsHint')}
            tone={d.approvals.length > 0 ? 'warning' : undefined}
          />
          {delayed}
          {upcoming}
        </div>
      ) : (
        <div className="dash-kpis">
          <Kpi
            id="my-open"
            label={t('ui.dashboard.kpi.myOpen')}
            value={formatNumberLocal(d.mine?.openStoryCount ?? 0, lang)}
          />
          <Kpi
            id="my-hours"
            label={t('ui.dashboard.kpi.myHours')}
            value={hours(d.mine?.minutesThisWeek ?? 0)}
          />
          {progress}
          {delayed}
        </div>
      )}
    </>
  );
}
