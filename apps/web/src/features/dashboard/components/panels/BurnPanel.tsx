import { useTranslation } from 'react-i18next';
import { BurnChart } from '../DashboardCharts';
import { Card, type PanelProps } from './parts';

/** The burn-down: actual remaining work from history, and the ideal line to the project end. */
export function BurnPanel({ d, lang }: PanelProps) {
  const { t } = useTranslation();
  return (
    <Card title={t('ui.dashboard.sections.burn')} testId="burn">
      <BurnChart burn={d.burn} endDt={d.projectEndDt} lang={lang} />
    </Card>
  );
}
