/** Web texts of the settings screens (ui.settings.*). Same keys in en, kr and vi. */
export const settingsUi = {
  title: 'Cài đặt',
};
