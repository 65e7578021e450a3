import type { DashboardResponse, Language } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useProjectRealtime } from '../../../lib/planning/use-project-realtime';
import { useDashboard } from '../hooks/use-dashboard';
import '../dashboard.css';
import { ActivityPanel } from './panels/ActivityPanel';
import { ApprovalsPanel } from './panels/ApprovalsPanel';
import { BurnPanel } from './panels/BurnPanel';
import { DeadlinesPanel } from './panels/DeadlinesPanel';
import { EpicsPanel } from './panels/EpicsPanel';
import { KpiRow } from './panels/KpiRow';
import { MilestonesPanel } from './panels/MilestonesPanel';
import { MyWorkPanel } from './panels/MyWorkPanel';
import { StatusPanel } from './panels/StatusPanel';
import { WorkloadPanel } from './panels/WorkloadPanel';

export function DashboardPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const projectIdx = Number(id) > 0 ? Number(id) : null;
  // Planning events of this project refetch the dashboard (its key is under the planning prefix).
  const live = useProjectRealtime(projectIdx);
  const query = useDashboard(projectIdx);
  const lang = currentLanguage();

  if (query.isPending) return <DashboardSkeleton label={t('ui.dashboard.loading')} />;
  if (query.isError) {
    return (
      <div className="page">
        <div className="card state-card" role="alert" data-testid="dashboard-error">
          <h2>{t('ui.dashboard.loadFailed')}</h2>
          <p className="muted">{t(`errors.${errorCodeOf(query.error)}`)}</p>
          <Button variant="outline" size="medium" onClick={() => void query.refetch()}>
            {t('ui.common.retry')}
          </Button>
        </div>
      </div>
    );
  }
  const d = query.data;
  return (
    <div className="page dash" data-testid="dashboard">
      <div className="dash__head">
        <h2 className="page__title">{d.projectName}</h2>
        <span className="muted">
          {t('ui.dashboard.asOf', { date: formatDate(d.today, lang) })}
          {live !== 'connecting' && (
            <>
              {' · '}
              <span
                className={`dash-live dash-live--${live === 'open' ? 'on' : 'off'}`}
                data-testid="dashboard-live"
              >
                {live === 'open' ? t('ui.dashboard.live') : t('ui.dashboard.reconnecting')}
              </span>
            </>
          )}
        </span>
      </div>
      {d.totals.storyCount === 0 && d.totals.milestoneCount === 0 ? (
        <EmptyDashboard projectIdx={d.projectIdx} />
      ) : (
        <DashboardBody d={d} lang={lang} />
      )}
    </div>
  );
}

function EmptyDashboard({ projectIdx }: { projectIdx: number }) {
  const { t } = useTranslation();
  return (
    <div className="card state-card" data-testid="dashboard-empty">
      <h2>{t('ui.dashboard.empty.title')}</h2>
      <p className="muted">{t('ui.dashboard.empty.body')}</p>
      <Link className="btn btn--green btn--medium" to={`/timeline/${projectIdx}`}>
        {t('ui.dashboard.empty.action')}
      </Link>
    </div>
  );
}

function DashboardSkeleton({ label }: { label: string }) {
  return (
    <div className="page dash" aria-busy="true" aria-label={label}>
      <div className="dash-kpis">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="card dash-kpi dash-skeleton" />
        ))}
      </div>
      <div className="dash-grid">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="card dash-card dash-skeleton dash-skeleton--tall" />
        ))}
      </div>
    </div>
  );
}

/** The panels in reading order; each one is its own file under panels/. */
function DashboardBody({ d, lang }: { d: DashboardResponse; lang: Language }) {
  return (
    <>
      <KpiRow d={d} lang={lang} />
      <div className="dash-grid">
        <ApprovalsPanel d={d} lang={lang} />
        <MyWorkPanel d={d} lang={lang} />
        <StatusPanel d={d} lang={lang} />
        <BurnPanel d={d} lang={lang} />
        <MilestonesPanel d={d} lang={lang} />
        <EpicsPanel d={d} lang={lang} />
        <DeadlinesPanel d={d} lang={lang} />
        <WorkloadPanel d={d} lang={lang} />
        <ActivityPanel d={d} lang={lang} />
      </div>
    </>
  );
}
