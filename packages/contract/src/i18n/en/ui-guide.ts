/**
 * Web texts of the guide, the first-run steps, the e-mail authentication landing and the pilot page
 * (ui.guide.*). Same keys in en, kr and vi; the guide describes only what the app does today.
 */
export const guideUi = {
  title: 'How Teamline works',
  intro:
    'Teamline is where clients and professionals run IT projects together. This guide explains what each part of the app does today, for a client and for a professional.',
  contents: 'On this page',
  open: 'Open',
  forClient: 'As a client',
  forProfessional: 'As a professional',
  modes: {
    title: 'Two modes, one account',
    body: 'Every project has you on one side: as the client who orders and pays for the work, or as a professional (freelancer or staff) who does it. The app shows one side at a time, the mode.',
    client:
      'Client mode lists the projects where you are the client: you follow progress on the dashboard, approve milestones and settlements, and pay.',
    professional:
      'Professional mode lists the projects where you work: you plan stories, log your time and submit your settlement.',
    switch:
      'Switch from the account menu in the header (your avatar, then the mode tag). From a project page the switch takes you home, because the project list changes with the mode.',
  },
  sections: {
    planning: {
      title: 'Planning',
      body: 'A project is planned on its timeline: milestones hold stories, and stories without a milestone wait in the backlog. Drag and drop them (with a mouse or the keyboard), filter them, or see them on a schedule. The detail panel holds assignees, epic, comments, logged time and history. The dashboard shows progress, burn-down, delays and workload.',
      client: 'You see the plan and the dashboard’s client view, and approve a milestone when it is done.',
      professional:
        'You add and move stories, take them on, log your time on them and ask the client for a milestone’s approval.',
      link: 'Open the timeline',
    },
    requests: {
      title: 'Requests',
      body: 'A member asks another member of the project for a piece of work with a due date and, if wanted, a story. Requests have received and sent boxes, a status filter, comments and attached files; the header shows how many are unread.',
      client:
        'Ask a professional for work and follow it in your sent box; withdraw a request you no longer need.',
      professional: 'Take a request you receive and mark it complete when it is done.',
      link: 'Open requests',
    },
    contracts: {
      title: 'Contracts and time sheets',
      body: 'An admin or a client offers a professional a contract: a daily rate in KRW or USD, a period, a scope and a withholding rate. The offer arrives as a request the professional accepts or declines; a member has one running contract per project. The time logged on stories is the professional’s time sheet.',
      client: 'Offer a contract from the client settlement page.',
      professional:
        'Accept or decline an offer in your requests, then log your time on stories; the time sheet tab of your settlement page shows it by day.',
      link: 'Open settlement',
    },
    settlement: {
      title: 'Settlement',
      body: 'Each contract gets one settlement a month, computed from the logged time. Once submitted its amounts freeze and the month’s time is locked. A submitted settlement nobody answers is approved automatically after a set number of days. Statements download as CSV or PDF.',
      client:
        'See every professional’s settlement and the spend per month, approve or return one with a note, and record the payment.',
      professional: 'Check your statement of the month, its lines per story and day, and submit it.',
      link: 'Open settlement',
    },
    subscription: {
      title: 'Subscription and seats',
      body: 'A project has 4 members free; each member beyond that needs a seat (sheet), paid monthly or yearly (20% off) by card. Seats added are charged pro rata at once; removed seats and a plan change take effect at renewal. When a project has more members than it covers, a warning bar shows and after 3 days the project only opens its settings and billing until it is fixed.',
      client:
        'If you are an admin of the project, manage the subscription, the card, coupons and payments in project settings.',
      professional: 'The project’s admins pay for it; if you are its admin, the same settings are yours.',
      link: 'Open the subscription settings',
    },
    webhooks: {
      title: 'Webhooks',
      body: 'Project admins can send the project’s news to Slack, Microsoft Teams, Dooray or Discord: choose milestones, stories and requests, which events (new, edit, delete) and the message language. Each hook can send a test message and keeps a delivery log with “retry now”.',
      client: 'As an admin of the project, add a hook in project settings.',
      professional: 'As an admin of the project, add a hook in project settings.',
      link: 'Open the webhook settings',
    },
    notifications: {
      title: 'Notifications',
      body: 'The bell in the header collects what concerns you: assignments, comments on your stories, requests, milestone approvals, contracts, settlements, invitations and billing warnings, never your own actions. For each kind you choose whether it shows in the app, comes by email, or both, or get one email digest a day.',
      client: 'Approvals, contracts and billing warnings come to you here.',
      professional: 'Assignments, requests and settlement answers come to you here.',
      link: 'Choose your notifications',
    },
    documents: {
      title: 'Documents',
      body: 'Each project keeps its documents in nested folders: rich text edited by several members at once, with uploaded files. A document is shared with all members, kept private, shared with chosen members (view or edit), or opened to anyone by a public link you can revoke.',
      client: 'Read and write the project’s documents, and share a document with the people who need it.',
      professional:
        'Write specifications, notes and reports next to the plan, and share a read-only link with someone outside the project.',
      link: 'Open the documents',
    },
    ai: {
      title: 'AI documents and timelines',
      body: 'From the document list, AI writes a draft document (weekly or monthly report, meeting minutes, requirements) from the project’s activity: stories, history, logged time and milestones. On the timeline, “Timeline from a file” reads a PDF, Word, TXT or CSV file and proposes milestones, stories and dates that you review and edit before they are applied.',
      client: 'Ask for a report of the last week or month and edit it like any document.',
      professional: 'Turn a requirements file into a first plan, and draft the weekly report from your work.',
      link: 'Write an AI document',
    },
    github: {
      title: 'GitHub',
      body: 'An admin connects the project to a GitHub repository and branch. Commits and pull requests that mention a story’s key in their message are linked to that story and shown in its detail panel; a sync log shows what arrived.',
      client: 'Follow which commits and pull requests belong to a story in its detail panel.',
      professional:
        'Put the story’s key in your commit or pull request message to link it; as an admin, connect the repository in project settings.',
      link: 'Open the GitHub settings',
    },
    recruitment: {
      title: 'Recruitment',
      body: 'Project admins post openings for their projects; professionals search the posts and apply. The admin reviews the applications and hires an applicant, who joins the project.',
      client: 'Post an opening for your project and hire from its applications.',
      professional: 'Search openings, apply with your profile and follow your applications.',
      link: 'Open recruitment',
    },
    reviews: {
      title: 'Reviews',
      body: 'Members who worked on a project together rate each other with up to 5 stars, with a comment and images. A member’s reviews and average show in their profile popup, opened from an avatar.',
      client: 'Rate the professionals of your project once the work is done.',
      professional:
        'Your reviews build your reputation for the next project; rate the people you worked with.',
      link: 'Open your profile',
    },
  },
  notYet: {
    title: 'Not available yet',
    body: 'The pilot (auto-coding) shows its place in the menu but does not work yet.',
  },
  gettingStarted: 'New here? Follow the first steps',
  start: {
    title: 'Welcome to Teamline',
    intro: 'Three steps get you going. You can come back to this page from the guide.',
    done: 'Done',
    notDone: 'Not done yet',
    profile: {
      title: 'Complete your profile',
      body: 'Add your job and at least one career: other members see them when they open your profile.',
      action: 'Open your profile',
    },
    project: {
      title: 'Create a first project or accept an invitation',
      body: 'Create a project from home, or open the invitation link a project admin sent you by email.',
      action: 'Create a project on home',
    },
    mode: {
      title: 'Choose client or professional mode',
      body: 'Client mode shows the projects you order, professional mode the projects you work on. You can switch any time from the account menu in the header.',
      current: 'Now: {{mode}}',
    },
    finish: 'Go to home',
    guide: 'Read the guide',
  },
  mailauth: {
    successTitle: 'Email authenticated',
    successBody: 'Your email address is confirmed.',
    continueJoin: 'Continue sign-up',
    login: 'Log in',
    failureTitle: 'Email authentication failed',
    failureBody: 'The link is invalid, expired or already used. Request a new one.',
    again: 'Request a new link',
  },
  pilot: {
    title: 'Pilot: auto-coding',
    badge: 'Pilot',
    body: 'This is a pilot area for auto-coding, turning a project’s stories into code. It is not available yet: nothing on this page works, and nothing is done with your project.',
    back: 'Back to the timeline',
  },
};
