import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ContractsPanel } from '../features/contract/components/ContractsPanel';
import { useProjectRealtime } from '../lib/planning/use-project-realtime';
import { SettlementPage } from '../features/settlement/components/SettlementPage';
import { TimeSheet } from '../features/timesheet/components/TimeSheet';
import { useRouteMeta } from './use-route-meta';

/**
 * Both settlement routes load this one module (docs/product/timekeeping-and-settlement.md#views): the route's name picks the
 * view, `:id` the project. It puts together what three features own — the settlement page, the
 * contracts panel and the time sheet — since features do not import one another.
 */
export function SettlementRoute() {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const projectIdx = Number(useParams().id);
  const valid = Number.isInteger(projectIdx) && projectIdx > 0;
  useProjectRealtime(valid ? projectIdx : null);
  if (!valid) return <p role="alert">{t('ui.common.loadFailed')}</p>;
  return (
    <SettlementPage
      key={`${meta.name}-${projectIdx}`}
      view={meta.name === 'calculateClient' ? 'client' : 'expert'}
      projectIdx={projectIdx}
      contractsPanel={<ContractsPanel projectIdx={projectIdx} />}
      renderTimeSheet={(memberInProjectIdx) => (
        <TimeSheet projectIdx={projectIdx} memberInProjectIdx={memberInProjectIdx} />
      )}
    />
  );
}
