import { useAuthStore } from '../../stores/auth-store';
import { useProjectStore } from '../../stores/project-store';
import { useProjects } from '../../lib/use-projects';

/**
 * Where a link into a project section goes, the way the left menu decides it: the selected project
 * when it belongs to the current mode, else the mode's first project; a visitor goes to login and a
 * member without a project in this mode to No project.
 */
export function useSectionPath(): (section: string) => string {
  const isLogin = useAuthStore((s) => s.isLogin);
  const selectedProjectId = useProjectStore((s) => s.selectedProjectId);
  const { modeProjects } = useProjects();
  const isSelectedInMode = modeProjects.some((p) => p.projectIdx === selectedProjectId);
  const id = isSelectedInMode ? selectedProjectId : (modeProjects[0]?.projectIdx ?? null);
  return (section) => (!isLogin ? '/login' : id == null ? '/no-project' : `${section}/${id}`);
}
