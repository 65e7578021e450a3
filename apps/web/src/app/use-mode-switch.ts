import { shouldReturnHomeAfterModeSwitch } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRoleStore } from '../stores/role-store';
import { notify } from '../stores/toast-store';
import { useRouteMeta } from './use-route-meta';

/** Spec §1: toggle client/professional, confirm with a toast, then go home unless staying is allowed. */
export function useModeSwitch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const meta = useRouteMeta();
  const isClient = useRoleStore((s) => s.isClient);
  return async () => {
    const next = !isClient;
    // Leave the project section first: resolving it in the new mode would bounce to No project.
    if (shouldReturnHomeAfterModeSwitch(meta.name)) await navigate('/', { flushSync: true });
    useRoleStore.getState().setIsClient(next);
    notify(t(next ? 'ui.header.switchedToClient' : 'ui.header.switchedToProfessional'), 'success');
  };
}
