import { lazy, Suspense } from 'react';
import { useStepUpStore } from '../lib/step-up-store';

/**
 * What two-factor sign-in (features/two-factor) shows on other features' pages, each in its own
 * chunk: the login's second step and passkey button, the profile's section, the project setting,
 * and the one step-up dialog every sensitive call may open.
 */
export const SecondFactorStep = lazy(() =>
  import('../features/two-factor/components/SecondFactorStep').then((m) => ({ default: m.SecondFactorStep })),
);
export const PasskeySignInButton = lazy(() =>
  import('../features/two-factor/components/PasskeySignInButton').then((m) => ({
    default: m.PasskeySignInButton,
  })),
);
export const TwoFactorSection = lazy(() =>
  import('../features/two-factor/components/TwoFactorSection').then((m) => ({ default: m.TwoFactorSection })),
);
export const ProjectTwoFactorSetting = lazy(() =>
  import('../features/two-factor/components/ProjectTwoFactorSetting').then((m) => ({
    default: m.ProjectTwoFactorSetting,
  })),
);
const StepUpDialog = lazy(() =>
  import('../features/two-factor/components/StepUpDialog').then((m) => ({ default: m.StepUpDialog })),
);

/** Mounted once in the layout: the step-up dialog's chunk loads only when a call first needs it. */
export function StepUpSlot() {
  const isOpen = useStepUpStore((s) => s.pending !== null);
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog />
    </Suspense>
  );
}
