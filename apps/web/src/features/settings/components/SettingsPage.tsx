import { Suspense } from 'react';
import type { ProjectAction } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../app/RootLayout';
import { Button } from '../../../components/ui/Button';
import { errorCodeOf } from '../../../lib/api-client';
import { EpicsSection } from './EpicsSection';
import { GeneralSection } from './GeneralSection';
import { InvitationsSection } from './InvitationsSection';
import { MembersSection } from './MembersSection';
import { useSettingsProject } from './use-settings-project';
import { useTabs } from '../../../components/ui/use-tabs';
import { BillingSection } from '../../../app/billing-sections';
import { WebhookSection } from '../../../app/webhook-section';
import { GithubSection } from '../../../app/github-section';
import { ProjectStorage } from '../../../app/my-data-sections';
import { AuditSection } from '../../../app/audit-sections';
import { BudgetsSection } from '../../../app/budget-section';
import { ImportSection } from '../../../app/import-section';
import './settings.css';

const tabs = [
  { key: 'general', action: 'project.view' },
  { key: 'members', action: 'member.list' },
  { key: 'invitations', action: 'invite.manage' },
  { key: 'epics', action: 'epic.view' },
  { key: 'webhooks', action: 'webhook.manage' },
  { key: 'github', action: 'github.manage' },
  { key: 'budgets', action: 'budget.manage' },
  { key: 'import', action: 'planning.edit' },
  { key: 'payment', action: 'project.view' },
  { key: 'coupons', action: 'project.view' },
  { key: 'card', action: 'project.view' },
  { key: 'subscription', action: 'project.view' },
  { key: 'audit', action: 'audit.view' },
] as const satisfies ReadonlyArray<{ key: string; action: ProjectAction }>;
type TabKey = (typeof tabs)[number]['key'];

/** `/setting` and `/setting?idx=`: the project's settings, each section only for those allowed. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { project, roles, can, isLoading, isError, error, refetch } = useSettingsProject();

  if (isLoading) return <PageSpinner />;
  if (isError) {
    return (
      <div className="page">
        <div className="card state-card" role="alert">
          <p>{t(`errors.${errorCodeOf(error)}`)}</p>
          <Button size="medium" onClick={refetch}>
            {t('ui.common.retry')}
          </Button>
        </div>
      </div>
    );
  }
  if (!project || !roles) {
    return (
      <div className="page">
        <h2 className="page__title">{t('ui.settings.title')}</h2>
        <div className="card state-card">
          <p>{t('ui.settings.noProject')}</p>
          <Link className="btn btn--green btn--medium" to="/">
            {t('ui.common.goHome')}
          </Link>
        </div>
      </div>
    );
  }

  return <SettingsSections project={project} roles={roles} can={can} />;
}

type LoadedSettings = ReturnType<typeof useSettingsProject>;

/** The sections of a loaded project as tabs, each only for those allowed. */
function SettingsSections({
  project,
  roles,
  can,
}: {
  project: NonNullable<LoadedSettings['project']>;
  roles: NonNullable<LoadedSettings['roles']>;
  can: LoadedSettings['can'];
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const visible = tabs.filter((tab) => can(tab.action));
  const requested = params.get('tab') as TabKey | null;
  const active: TabKey = visible.find((tab) => tab.key === requested)?.key ?? visible[0]?.key ?? 'general';
  const select = (key: TabKey) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', key);
        return next;
      },
      { replace: true },
    );

  const { tabProps, panelProps } = useTabs(
    visible.map((tab) => tab.key),
    active,
    select,
  );

  return (
    <div className="page settings">
      <div className="page__head">
        <h2 className="page__title">
          {t('ui.settings.title')} · <span className="settings__project">{project.name}</span>
        </h2>
      </div>
      <div className="settings__layout">
        <nav className="settings__tabs" aria-label={t('ui.settings.sectionsLabel')}>
          <ul role="tablist" aria-orientation="vertical">
            {visible.map((tab) => (
              <li key={tab.key} role="presentation">
                <button
                  type="button"
                  {...tabProps(tab.key)}
                  data-testid={`settings-tab-${tab.key}`}
                  className={`settings__tab${tab.key === active ? ' is-active' : ''}`}
                  onClick={() => select(tab.key)}
                >
                  {t(`ui.settings.tabs.${tab.key}`)}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section className="settings__panel" {...panelProps(active)}>
          {active === 'general' && <GeneralSection projectIdx={project.projectIdx} can={can} />}
          {active === 'general' && can('file.usage') && (
            <Suspense fallback={<PageSpinner />}>
              <ProjectStorage projectIdx={project.projectIdx} />
            </Suspense>
          )}
          {active === 'members' && (
            <MembersSection projectIdx={project.projectIdx} self={roles.memberInProjectIdx} can={can} />
          )}
          {active === 'invitations' && <InvitationsSection projectIdx={project.projectIdx} />}
          {active === 'epics' && <EpicsSection projectIdx={project.projectIdx} can={can} />}
          {(active === 'payment' ||
            active === 'coupons' ||
            active === 'card' ||
            active === 'subscription') && (
            <Suspense fallback={<PageSpinner />}>
              <BillingSection
                section={active}
                projectIdx={project.projectIdx}
                canManage={can('billing.manage')}
              />
            </Suspense>
          )}
          {active === 'webhooks' && (
            <Suspense fallback={<PageSpinner />}>
              <WebhookSection projectIdx={project.projectIdx} />
            </Suspense>
          )}
          {active === 'github' && (
            <Suspense fallback={<PageSpinner />}>
              <GithubSection projectIdx={project.projectIdx} />
            </Suspense>
          )}
          {active === 'budgets' && (
            <Suspense fallback={<PageSpinner />}>
              <BudgetsSection projectIdx={project.projectIdx} projectName={project.name} />
            </Suspense>
          )}
          {active === 'import' && (
            <Suspense fallback={<PageSpinner />}>
              <ImportSection
                projectIdx={project.projectIdx}
                canInvite={can('invite.manage')}
                canUseGithub={can('github.manage')}
              />
            </Suspense>
          )}
          {active === 'audit' && (
            <Suspense fallback={<PageSpinner />}>
              <AuditSection projectIdx={project.projectIdx} />
            </Suspense>
          )}
        </section>
      </div>
    </div>
  );
}
