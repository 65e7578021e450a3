/**
 * The weekly time sheet of one member in one project (issue 11): rows are stories, columns days,
 * cells hours and minutes. The settlement page shows it as its "Time sheet" tab.
 */
export interface TimeSheetProps {
  projectIdx: number;
  memberInProjectIdx: number;
}

export function TimeSheet(_props: TimeSheetProps) {
  return null;
}
