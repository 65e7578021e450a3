import type { SecondFactorMethod } from '@teamline/contract';
import { create } from 'zustand';
import { loadUiAreas } from './i18n';

interface PendingStepUp {
  methods: SecondFactorMethod[];
  /** true: proven, send the call again; false: the person closed the dialog. */
  resolve: (proven: boolean) => void;
}

/**
 * The one step-up dialog's state: the API client asks (`requestStepUp`) when a call answers 403
 * STEP_UP_REQUIRED, the dialog (StepUpDialog) shows, and the call is sent again once the factor is
 * proven. Calls refused while the dialog is open wait for the same answer.
 */
export const useStepUpStore = create<{
  pending: PendingStepUp | null;
  waiting: ((proven: boolean) => void)[];
}>()(() => ({ pending: null, waiting: [] }));

export async function requestStepUp(methods: SecondFactorMethod[]): Promise<boolean> {
  // Any page may meet the answer: the dialog's texts come first.
  await loadUiAreas(['twoFactor']);
  return new Promise((resolve) => {
    const state = useStepUpStore.getState();
    if (state.pending) {
      useStepUpStore.setState({ waiting: [...state.waiting, resolve] });
      return;
    }
    useStepUpStore.setState({ pending: { methods, resolve }, waiting: [] });
  });
}

export function settleStepUp(proven: boolean): void {
  const { pending, waiting } = useStepUpStore.getState();
  useStepUpStore.setState({ pending: null, waiting: [] });
  pending?.resolve(proven);
  for (const resolve of waiting) resolve(proven);
}
