import type { ProjectOfMember } from '@teamline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useAuthStore } from '../../../stores/auth-store';
import { useProjectStore } from '../../../stores/project-store';
import { useRoleStore } from '../../../stores/role-store';
import { CreateProjectModal } from '../../../components/project/CreateProjectModal';
import { useProjects } from '../../../lib/use-projects';

export function HomePage() {
  const isLogin = useAuthStore((s) => s.isLogin);
  return isLogin ? <ProjectHome /> : <Landing />;
}

function Landing() {
  const { t } = useTranslation();
  return (
    <div className="landing">
      <section className="landing__hero">
        <h2 className="landing__title">{t('ui.home.heroTitle')}</h2>
        <p className="landing__body">{t('ui.home.heroBody')}</p>
        <div className="landing__actions">
          <Link className="btn btn--green btn--large" to="/mailform">
            {t('ui.home.getStarted')}
          </Link>
          <Link className="btn btn--outline btn--large" to="/login">
            {t('ui.home.login')}
          </Link>
        </div>
      </section>
      <ul className="landing__features">
        <li className="card">
          <Icon name="timeline" size={28} />
          <span>{t('ui.home.featureTimeline')}</span>
        </li>
        <li className="card">
          <Icon name="settlement" size={28} />
          <span>{t('ui.home.featureSettlement')}</span>
        </li>
        <li className="card">
          <Icon name="doc" size={28} />
          <span>{t('ui.home.featureDocs')}</span>
        </li>
      </ul>
    </div>
  );
}

function ProjectHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isClient = useRoleStore((s) => s.isClient);
  const { modeProjects, isLoading, isError, error, refetch } = useProjects();
  const [isCreating, setIsCreating] = useState(false);
  const lang = currentLanguage();

  function handleOpen(project: ProjectOfMember, index: number) {
    if (project.status !== 'ACTIVE') {
      void navigate(`/setting?idx=${index}&tab=subscription`);
      return;
    }
    useProjectStore.getState().select(project);
    void navigate(`/timeline/${project.projectIdx}`);
  }

  return (
    <div className="page">
      <div className="page__head">
        <h2 className="page__title">
          {t(isClient ? 'ui.home.projectsClient' : 'ui.home.projectsProfessional')}
        </h2>
        <Button data-testid="create-project" size="medium" onClick={() => setIsCreating(true)}>
          <Icon name="plus" size={18} /> {t('ui.home.create')}
        </Button>
      </div>
      {isLoading && (
        <div className="project-grid" aria-busy="true" aria-label={t('ui.common.loading')}>
          {[0, 1, 2].map((i) => (
            <div key={i} className="card project-card project-card--skeleton" />
          ))}
        </div>
      )}
      {isError && (
        <div className="card state-card" role="alert">
          <p>{t(`errors.${errorCodeOf(error)}`)}</p>
          <Button variant="outline" size="medium" onClick={() => void refetch()}>
            {t('ui.common.retry')}
          </Button>
        </div>
      )}
      {!isLoading && !isError && modeProjects.length === 0 && (
        <div className="card state-card">
          <p>{t('ui.home.empty')}</p>
        </div>
      )}
      {modeProjects.length > 0 && (
        <ul className="project-grid">
          {modeProjects.map((project, index) => {
            const isActive = project.status === 'ACTIVE';
            const dates =
              project.startDt || project.endDt
                ? `${formatDate(project.startDt, lang)} ~ ${formatDate(project.endDt, lang)}`
                : t('ui.home.noDates');
            return (
              <li key={project.projectIdx}>
                <button
                  type="button"
                  className={`card project-card${isActive ? '' : ' project-card--inactive'}`}
                  aria-label={t('ui.home.open', { name: project.name })}
                  onClick={() => handleOpen(project, index)}
                >
                  <span className="project-card__top">
                    <span className="project-card__name">{project.name}</span>
                    <span
                      className={`status-badge ${isActive ? 'status-badge--active' : 'status-badge--inactive'}`}
                    >
                      {!isActive && <Icon name="warning" size={14} />}
                      {t(isActive ? 'ui.home.active' : 'ui.home.inactive')}
                    </span>
                  </span>
                  <span className="project-card__meta">{dates}</span>
                  <span className="project-card__meta">
                    {t('ui.home.members', { count: project.totalMember })}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <CreateProjectModal isOpen={isCreating} onClose={() => setIsCreating(false)} />
    </div>
  );
}
