import { useTranslation } from 'react-i18next';
import { formatNumberLocal } from '../../../../lib/format';
import { statusColor } from '../../logic/dashboard-logic';
import { StatusDonut } from '../DashboardCharts';
import { Card, type PanelProps } from './parts';

/** Stories by status: the donut and its legend with the numbers. */
export function StatusPanel({ d, lang }: PanelProps) {
  const { t } = useTranslation();
  return (
    <Card title={t('ui.dashboard.sections.status')} testId="status">
      <div className="dash-status">
        <StatusDonut rows={d.storiesByStatus} lang={lang} />
        <ul className="dash-legend">
          {d.storiesByStatus.map((s) => (
            <li key={s.status} data-testid={`status-${s.status}`}>
              <span className="dash-dot" style={{ background: statusColor[s.status] }} />
              <span className="dash-legend__label">{t(`ui.status.${s.status}`)}</span>
              <strong className="dash-legend__value">{formatNumberLocal(s.count, lang)}</strong>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
