import { shouldShowWarningBar } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RouteMeta } from '../route-meta';
import { Button } from '../../components/ui/Button';
import { Icon } from '../../components/ui/Icon';
import { useAuthStore } from '../../stores/auth-store';
import { useProjectStore } from '../../stores/project-store';
import { useUiStore } from '../../stores/ui-store';
import { useProjects } from '../../lib/use-projects';

/** The key a closed bar remembers: a change of project or of its member count reopens the bar. */
export const warningKeyOf = (
  project: { projectIdx: number; totalMember: number } | null | undefined,
): string => (project ? `${project.projectIdx}:${project.totalMember}` : '');

/** docs/product/i18n-and-modes.md#warning-bar. */
export function WarningBar({ meta }: { meta: RouteMeta }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isLogin = useAuthStore((s) => s.isLogin);
  const selectedProjectId = useProjectStore((s) => s.selectedProjectId);
  const storedProject = useProjectStore((s) => s.selectedProject);
  const { allProjects } = useProjects();
  const project = allProjects.find((p) => p.projectIdx === selectedProjectId) ?? storedProject;
  const closedFor = useUiStore((s) => s.warningClosedFor);
  const closeWarning = useUiStore((s) => s.closeWarning);
  const key = warningKeyOf(project);
  const isShown = shouldShowWarningBar({
    isLoggedIn: isLogin,
    isWarningSubscription: project?.isWarningSubscription ?? false,
    closed: closedFor !== '' && closedFor === key,
    route: meta.name,
  });
  if (!isShown) return null;
  return (
    <div className="warning-bar" role="alert">
      <Icon name="warning" />
      <p className="warning-bar__text">{t('ui.warning.text')}</p>
      <Button size="small" variant="outline" onClick={() => void navigate('/setting?tab=subscription')}>
        {t('ui.warning.settings')}
      </Button>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('ui.warning.close')}
        onClick={() => closeWarning(key)}
      >
        <Icon name="close" />
      </button>
    </div>
  );
}
