import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ProjectOfMember } from '@teamline/contract';
import { pathWithId } from '../route-meta';
import { useRouteMeta } from '../use-route-meta';
import { Icon } from '../../components/ui/Icon';
import { useOutsideMousedown } from '../../lib/use-outside-mousedown';
import { useProjectStore } from '../../stores/project-store';
import { useProjects } from '../../lib/use-projects';

/** docs/product/i18n-and-modes.md#header: the current-project dropdown for the active mode's projects. */
export function ProjectPicker() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const meta = useRouteMeta();
  const { modeProjects, isLoading } = useProjects();
  const storedProject = useProjectStore((s) => s.selectedProject);
  // The picker lists the active mode's projects; a selection from the other mode is not shown.
  const selectedProject = modeProjects.find((p) => p.projectIdx === storedProject?.projectIdx) ?? null;
  const [isOpen, setIsOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const handleClose = useCallback(() => setIsOpen(false), []);
  useOutsideMousedown(ref, isOpen, handleClose);

  function handlePick(project: ProjectOfMember, index: number) {
    setIsOpen(false);
    if (project.status !== 'ACTIVE') {
      // docs/product/i18n-and-modes.md#header: a non-active entry goes to settings for that entry's index, at its subscription (the fix).
      void navigate(`/setting?idx=${index}&tab=subscription`);
      return;
    }
    useProjectStore.getState().select(project);
    const section = meta.path.includes(':id') ? meta.name : 'Timeline';
    void navigate(pathWithId(section, project.projectIdx));
  }

  return (
    <div className="dropdown project-picker" ref={ref}>
      <button
        type="button"
        className="project-picker__button"
        data-testid="header-project-picker"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-label={`${t('ui.header.currentProject')}: ${selectedProject?.name ?? t('ui.header.selectProject')}`}
        onClick={() => setIsOpen((v) => !v)}
      >
        <span className="project-picker__name">{selectedProject?.name ?? t('ui.header.selectProject')}</span>
        <Icon name="chevronDown" />
      </button>
      {isOpen && (
        <div className="dropdown__menu" role="menu" aria-label={t('ui.header.currentProject')}>
          {isLoading && <p className="dropdown__empty">{t('ui.common.loading')}</p>}
          {!isLoading && modeProjects.length === 0 && (
            <p className="dropdown__empty">{t('ui.header.noProjects')}</p>
          )}
          {modeProjects.map((project, index) => {
            const isActive = project.status === 'ACTIVE';
            return (
              <button
                key={project.projectIdx}
                type="button"
                role="menuitem"
                className={`dropdown__item${isActive ? '' : ' is-disabled'}${project.projectIdx === selectedProject?.projectIdx ? ' is-current' : ''}`}
                aria-disabled={!isActive || undefined}
                title={isActive ? undefined : t('ui.header.inactive')}
                onClick={() => handlePick(project, index)}
              >
                <span>{project.name}</span>
                {!isActive && (
                  <Icon
                    name="warning"
                    className="text-warning"
                    aria-label={t('ui.header.inactive')}
                    role="img"
                    aria-hidden={false}
                  />
                )}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
