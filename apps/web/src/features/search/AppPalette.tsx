import { useTranslation } from 'react-i18next';
import { useModeSwitch } from '../../app/use-mode-switch';
import { useProjectStore } from '../../stores/project-store';
import { CommandPalette, type PaletteAction } from './CommandPalette';

/** The palette as the app chrome mounts it, with the app's actions (issue 34). */
export default function AppPalette() {
  const { t } = useTranslation();
  const switchMode = useModeSwitch();
  const projectIdx = useProjectStore((s) => s.selectedProjectId);
  const actions: PaletteAction[] = [
    ...(projectIdx
      ? [
          { id: 'new-story', label: t('ui.search.action.newStory'), to: `/timeline/${projectIdx}` },
          { id: 'log-time', label: t('ui.search.action.logTime'), to: `/calculate/expert/${projectIdx}` },
        ]
      : []),
    { id: 'switch-mode', label: t('ui.search.action.switchMode'), run: switchMode },
    { id: 'settings', label: t('ui.search.action.settings'), to: '/setting' },
    { id: 'profile', label: t('ui.search.action.profile'), to: '/profile' },
  ];
  return <CommandPalette actions={actions} />;
}
