/** Web texts of the dashboard screens (ui.dashboard.*). Same keys in en, kr and vi. */
export const dashboardUi = {
  title: 'Bảng điều khiển',
};
