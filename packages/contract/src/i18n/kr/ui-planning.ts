/** Web texts of the planning screens (ui.planning.*). Same keys in en, kr and vi. */
export const planningUi = {
  title: '타임라인',
};
