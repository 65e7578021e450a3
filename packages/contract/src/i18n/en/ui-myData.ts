/** Web texts of storage use and "My data" (ui.myData.*), on the profile and in project settings. Same keys in en, kr and vi. */
export const myDataUi = {
  storage: {
    heading: 'Storage',
    intro:
      'Your profile picture and review images count against your own space; files in a project count against the project.',
    used: '{{used}} of {{quota}} used',
    barLabel: 'Storage used',
    projectHeading: 'Project storage',
    projectIntro:
      'Every file uploaded to this project, by anyone, counts against its space. Deleting files frees it.',
    loading: 'Loading storage use…',
    error: 'Storage use could not be loaded.',
  },
  export: {
    heading: 'Download my data',
    intro:
      'Get an archive (a zip) of everything of yours: profile, careers, projects, time entries, comments, requests, reviews, contracts, settlements and the files you uploaded. We e-mail you when it is ready.',
    start: 'Prepare my data',
    again: 'Prepare a new archive',
    queued: 'Waiting to start…',
    running: 'Preparing your archive… {{progress}}%',
    progressLabel: 'Archive progress',
    ready: 'Your archive is ready ({{size}}). It can be downloaded until {{date}}.',
    download: 'Download archive',
    failed: 'The archive could not be made. Try again.',
    expired: 'Your last archive has expired.',
    none: 'You have not asked for an archive yet.',
    started: 'We are preparing your archive. You can leave this page; we e-mail you when it is ready.',
    loading: 'Loading…',
    error: 'The state of your archive could not be loaded.',
  },
  withdrawKept:
    'Your contracts, settlements, payments and the time entries behind them are kept as the law requires, shown as by a former member. Everything else of yours is erased.',
};
