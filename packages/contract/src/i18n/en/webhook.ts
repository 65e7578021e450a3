/**
 * Texts of the chat messages webhooks send (Slack, Teams, Dooray, Discord), in the hook's language.
 * Server only, like the mails. `{{title}}` is the milestone's, story's or request's title.
 */
export const webhook = {
  botName: 'Teamline',
  heading: {
    milestone: {
      new: 'New milestone',
      edit: 'Milestone updated',
      delete: 'Milestone deleted',
    },
    story: {
      new: 'New story',
      edit: 'Story updated',
      delete: 'Story deleted',
    },
    request: {
      new: 'New request',
      edit: 'Request updated',
      delete: 'Request withdrawn',
    },
  },
  /** The first line and the notification text: `New story: Login page` in `Project`. */
  summary: '{{heading}}: {{title}}',
  inProject: 'in {{project}}',
  field: {
    project: 'Project',
    status: 'Status',
    period: 'Period',
    assignees: 'Assignees',
    milestone: 'Milestone',
    from: 'From',
    to: 'To',
    kind: 'Kind',
    dueDate: 'Due',
    movedStories: 'Stories moved to the backlog',
  },
  backlog: 'Backlog',
  nobody: 'Nobody yet',
  untitled: 'Untitled',
  requestKind: { general: 'Request', contract: 'Contract offer' },
  open: 'Open in Teamline',
  test: {
    title: 'Test message from Teamline',
    text: 'This webhook works. Changes of {{project}} will be posted here.',
  },
};
