import { needsProjectResolution, shouldReturnHomeAfterModeSwitch } from '@teamline/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRoleStore } from '../stores/role-store';
import { notify } from '../stores/toast-store';
import { useUiStore } from '../stores/ui-store';
import type { RouteMeta } from './route-meta';
import { useRouteMeta } from './use-route-meta';

function useApplyMode() {
  const { t } = useTranslation();
  return (isClient: boolean) => {
    useRoleStore.getState().setIsClient(isClient);
    notify(t(isClient ? 'ui.header.switchedToClient' : 'ui.header.switchedToProfessional'), 'success');
  };
}

/** docs/product/i18n-and-modes.md#modes: toggle client/professional, confirm with a toast, then go home unless staying is allowed. */
export function useModeSwitch() {
  const navigate = useNavigate();
  const meta = useRouteMeta();
  const isClient = useRoleStore((s) => s.isClient);
  const applyMode = useApplyMode();
  return () => {
    const next = !isClient;
    if (!shouldReturnHomeAfterModeSwitch(meta.name)) return applyMode(next);
    // The flip waits until home is the rendered route (usePendingModeSwitch), however long the
    // router's transition takes.
    useUiStore.getState().setPendingIsClient(next);
    void navigate('/');
  };
}

/** Applies a mode switch left pending by useModeSwitch once no project section is on screen. */
export function usePendingModeSwitch(meta: RouteMeta) {
  const pending = useUiStore((s) => s.pendingIsClient);
  const applyMode = useApplyMode();
  const isSafe = !meta.projectScoped || !needsProjectResolution(meta.name);
  useEffect(() => {
    if (pending === null || !isSafe) return;
    useUiStore.getState().setPendingIsClient(null);
    applyMode(pending);
  }, [pending, isSafe, applyMode]);
}
