import { useTranslation } from 'react-i18next';
import { formatDate, formatNumberLocal } from '../../../../lib/format';
import { MemberAvatar } from '../../../../app/profile/ProfileViewPopup';
import { formatHours } from '../../logic/dashboard-logic';
import { Card, type PanelProps } from './parts';

/** Open stories and hours this week per member; avatars open the profile popup. */
export function WorkloadPanel({ d, lang }: PanelProps) {
  const { t } = useTranslation();
  const hours = (minutes: number) => t('ui.dashboard.hours', { value: formatHours(minutes, lang) });
  return (
    <Card title={t('ui.dashboard.sections.workload')} testId="workload">
      {d.workload.length === 0 ? (
        <p className="muted">{t('ui.dashboard.workload.empty')}</p>
      ) : (
        <table className="dash-table">
          <thead>
            <tr>
              <th scope="col">{t('ui.dashboard.workload.member')}</th>
              <th scope="col">{t('ui.dashboard.workload.open')}</th>
              <th scope="col">{t('ui.dashboard.workload.hours')}</th>
            </tr>
          </thead>
          <tbody>
            {d.workload.map((w) => (
              <tr
                key={w.memberInProjectIdx}
                data-testid={`workload-${w.memberInProjectIdx}`}
                className={w.memberInProjectIdx === d.viewer.memberInProjectIdx ? 'dash-table__me' : ''}
              >
                <td>
                  <span className="dash-member">
                    <MemberAvatar
                      memberIdx={w.memberIdx}
                      nickname={w.nickname}
                      colorCode={w.colorCode}
                      profileFileIdx={w.profileFileIdx}
                      size={26}
                    />
                    <span className="dash-member__name">{w.nickname}</span>
                  </span>
                </td>
                <td className="dash-num">{formatNumberLocal(w.openStoryCount, lang)}</td>
                <td className="dash-num">{formatHours(w.minutesThisWeek, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="dash-team-hours" data-testid="team-hours">
        <span>
          {t('ui.dashboard.kpi.teamHours')}{' '}
          <span className="muted dash-small">
            ({t('ui.dashboard.kpi.teamHoursHint', { date: formatDate(d.weekStart, lang) })})
          </span>
        </span>
        <strong>{hours(d.totals.minutesThisWeek)}</strong>
      </p>
    </Card>
  );
}
