import type { MemberProfile } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageSpinner } from '../../../app/RootLayout';
import { Icon } from '../../../components/ui/Icon';
import { useProjects } from '../../../lib/use-projects';
import { useProfileStore } from '../../../stores/profile-store';
import { useRoleStore } from '../../../stores/role-store';
import '../guide.css';

/** What the profile popup shows others: a job and at least one career. */
export const isProfileComplete = (profile: MemberProfile): boolean =>
  Boolean(profile.job?.trim()) && profile.career.length > 0;

/**
 * `/instruction/new-register` (no header, no left menu): the first steps after joining, each linking
 * to where it is done. The profile and project steps show done or not done (the app knows both); the
 * mode is always one of the two, so its step shows the current one and switches in place. A member
 * lands here when sign-up completes without an invitation waiting (after-join.ts). Its title is the
 * welcome, so no toast says it again over the steps' buttons on a phone (issue 33); switching the mode
 * here is told by the mode step itself (a polite live region), not by a toast either.
 */
export function FirstRunPage() {
  const { t } = useTranslation();
  const profile = useProfileStore((s) => s.profile);
  const { allProjects, isFetchProject } = useProjects();
  const isClient = useRoleStore((s) => s.isClient);
  if (!profile || !isFetchProject) return <PageSpinner />;

  // `isDone: null`: nothing the app could check; the step shows the current state instead.
  const steps = [
    { key: 'profile', isDone: isProfileComplete(profile) },
    { key: 'project', isDone: allProjects.length > 0 },
    { key: 'mode', isDone: null },
  ] as const;
  const modeName = t(isClient ? 'ui.header.modeClient' : 'ui.header.modeProfessional');

  function chooseMode(next: boolean) {
    useRoleStore.getState().setIsClient(next);
  }

  return (
    <div className="first-run">
      <div className="card first-run__card">
        <h1 className="first-run__title">{t('ui.guide.start.title')}</h1>
        <p>{t('ui.guide.start.intro')}</p>
        <ol className="first-run__steps">
          {steps.map(({ key, isDone }, index) => (
            <li
              key={key}
              className={`first-run__step${isDone ? ' is-done' : ''}`}
              data-testid={`first-run-${key}`}
              aria-labelledby={`first-run-${key}-title`}
            >
              <span className="first-run__mark" aria-hidden="true">
                {isDone ? <Icon name="check" size={18} /> : index + 1}
              </span>
              <div className="first-run__body">
                <h2 id={`first-run-${key}-title`} className="first-run__step-title">
                  {t(`ui.guide.start.${key}.title`)}
                </h2>
                <p
                  className={`first-run__state${isDone ? ' is-done' : ''}`}
                  aria-live={key === 'mode' ? 'polite' : undefined}
                >
                  {isDone === null
                    ? t('ui.guide.start.mode.current', { mode: modeName })
                    : isDone
                      ? t('ui.guide.start.done')
                      : t('ui.guide.start.notDone')}
                </p>
                <p className="muted">{t(`ui.guide.start.${key}.body`)}</p>
                {key === 'profile' && (
                  <Link className="btn btn--outline btn--medium" to="/profile">
                    {t('ui.guide.start.profile.action')}
                  </Link>
                )}
                {key === 'project' && (
                  <Link className="btn btn--outline btn--medium" to="/">
                    {t('ui.guide.start.project.action')}
                  </Link>
                )}
                {key === 'mode' && (
                  <div className="first-run__modes" role="group" aria-labelledby="first-run-mode-title">
                    {[true, false].map((client) => (
                      <button
                        key={String(client)}
                        type="button"
                        className={`btn btn--medium ${isClient === client ? 'btn--green' : 'btn--outline'}`}
                        aria-pressed={isClient === client}
                        onClick={() => chooseMode(client)}
                      >
                        {t(client ? 'ui.header.modeClient' : 'ui.header.modeProfessional')}
                      </button>
                    ))}
                  </div>
                )}
              </div>
            </li>
          ))}
        </ol>
        <div className="first-run__actions">
          <Link className="btn btn--green btn--large" to="/">
            {t('ui.guide.start.finish')}
          </Link>
          <Link className="btn btn--outline btn--large" to="/guide">
            {t('ui.guide.start.guide')}
          </Link>
        </div>
      </div>
    </div>
  );
}
