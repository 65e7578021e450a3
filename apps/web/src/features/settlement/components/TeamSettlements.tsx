import { formatDuration, type Settlement } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { useProjectMembers } from '../../../lib/use-project-members';
import { Money, SettlementStatusBadge } from './parts';
import { memberName } from '../../../lib/member-name';

/**
 * A depth1 lead's view of their team's settlements of the month (the server sends them with the
 * lead's own): who, hours, gross, net and status, to read. Approving is the hiring side's.
 */
export function TeamSettlements({ projectIdx, team }: { projectIdx: number; team: Settlement[] }) {
  const { t } = useTranslation();
  const members = useProjectMembers(projectIdx);
  const nameOf = (idx: number) =>
    memberName((members.data ?? []).find((m) => m.memberInProjectIdx === idx)?.nickname, t);
  if (team.length === 0) return null;
  return (
    <section className="settlement-team" aria-labelledby="settlement-team-title">
      <h3 id="settlement-team-title">{t('ui.settlement.team.title')}</h3>
      <p className="settlement-team__hint">{t('ui.settlement.team.hint')}</p>
      <table className="settlement-table">
        <thead>
          <tr>
            <th scope="col">{t('ui.settlement.fields.member')}</th>
            <th scope="col">{t('ui.settlement.fields.hours')}</th>
            <th scope="col">{t('ui.settlement.fields.gross')}</th>
            <th scope="col">{t('ui.settlement.fields.net')}</th>
            <th scope="col">{t('ui.settlement.fields.status')}</th>
          </tr>
        </thead>
        <tbody>
          {team.map((s) => (
            <tr key={s.settlementIdx} className="settlement-table__row">
              <th scope="row" data-label={t('ui.settlement.fields.member')}>
                {nameOf(s.memberInProjectIdx)}
              </th>
              <td data-label={t('ui.settlement.fields.hours')}>{formatDuration(s.minutes)}</td>
              <td data-label={t('ui.settlement.fields.gross')}>
                <Money amount={s.grossAmount} currency={s.currency} />
              </td>
              <td data-label={t('ui.settlement.fields.net')}>
                <Money amount={s.netAmount} currency={s.currency} />
              </td>
              <td data-label={t('ui.settlement.fields.status')}>
                <SettlementStatusBadge status={s.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
