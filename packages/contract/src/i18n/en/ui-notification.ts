/** Texts of notifications: the bell's panel, the profile's "notifications" section, and each kind. */
export const notificationUi = {
  title: 'Notifications',
  markAllRead: 'Mark all read',
  markRead: 'Mark read',
  empty: 'No notifications yet.',
  loading: 'Loading notifications…',
  error: 'Notifications could not be loaded.',
  more: 'Show more',
  unread: 'Unread',
  settings: {
    heading: 'Notifications',
    intro: 'Choose what you hear about, in the app and by e-mail. You never get a notice of your own action.',
    kind: 'Event',
    inApp: 'In app',
    email: 'E-mail',
    digest: 'Send e-mails as one daily summary (07:00 UTC) instead of one by one',
    save: 'Save',
    saved: 'Notification settings saved.',
  },
  categories: {
    planning: 'Timeline',
    request: 'Requests',
    contract: 'Contracts',
    settlement: 'Settlement',
    project: 'Project',
  },
  labels: {
    storyAssigned: 'Assigned to a story',
    storyCommented: 'A comment on my story',
    milestoneApprovalRequested: 'Milestone approval requested',
    milestoneApproved: 'My milestone approved',
    milestoneRejected: 'My milestone rejected',
    requestAssigned: 'A request sent to me',
    requestCommented: 'A comment on my request',
    requestTaken: 'My request taken',
    requestCompleted: 'My request completed',
    contractOffered: 'Contract offered to me',
    contractAccepted: 'My contract offer accepted',
    contractDeclined: 'My contract offer declined',
    settlementSubmitted: 'Settlement submitted',
    settlementReturned: 'My settlement returned',
    settlementApproved: 'My settlement approved',
    settlementPaid: 'My settlement paid',
    budgetThreshold: 'A budget reached 80 % or 100 %',
    invited: 'Invitation to a project',
    subscriptionWarning: 'Subscription warning',
    projectInactive: 'Project inactive',
    chargeFailed: 'Payment failed',
    webhookDisabled: 'Webhook switched off',
    recruitmentApplied: 'An application to my job post',
    applicationWithdrawn: 'An application withdrawn',
    applicationShortlisted: 'My application shortlisted',
    applicationRejected: 'My application rejected',
    applicationHired: 'Hired from my application',
  },
  kinds: {
    storyAssigned: {
      title: '{{actor}} assigned you to “{{story}}”',
      body: 'A story in {{project}} is now yours.',
    },
    storyCommented: {
      title: '{{actor}} commented on “{{story}}”',
      body: 'A new comment on a story of yours in {{project}}.',
    },
    milestoneApprovalRequested: {
      title: '{{actor}} asks you to approve “{{milestone}}”',
      body: 'A milestone in {{project}} is waiting for your approval.',
    },
    milestoneApproved: {
      title: '“{{milestone}}” was approved',
      body: '{{actor}} approved the milestone you submitted in {{project}}.',
    },
    milestoneRejected: {
      title: '“{{milestone}}” was rejected',
      body: '{{actor}} rejected the milestone you submitted in {{project}}: {{reason}}',
    },
    requestAssigned: {
      title: '{{actor}} sent you a request: “{{request}}”',
      body: 'A new request in {{project}} awaits your answer.',
    },
    requestCommented: {
      title: '{{actor}} commented on “{{request}}”',
      body: 'A new comment on a request in {{project}}.',
    },
    requestTaken: {
      title: '{{actor}} took your request “{{request}}”',
      body: 'The work on your request in {{project}} has started.',
    },
    requestCompleted: {
      title: '{{actor}} completed your request “{{request}}”',
      body: 'Your request in {{project}} is done.',
    },
    contractOffered: {
      title: '{{actor}} offered you a contract',
      body: 'Answer the contract offer in {{project}}.',
    },
    contractAccepted: {
      title: '{{actor}} accepted your contract offer',
      body: 'The contract in {{project}} is now active.',
    },
    contractDeclined: {
      title: '{{actor}} declined your contract offer',
      body: 'The contract offer in {{project}} was declined.',
    },
    settlementSubmitted: {
      title: '{{actor}} submitted the settlement for {{month}}',
      body: 'A settlement in {{project}} is waiting for your review.',
    },
    settlementReturned: {
      title: 'Your settlement for {{month}} was returned',
      body: '{{actor}} returned it with a note in {{project}}; correct and submit it again.',
    },
    settlementApproved: {
      title: 'Your settlement for {{month}} was approved',
      body: 'The settlement in {{project}} is approved and waits for payment.',
    },
    settlementPaid: {
      title: 'Your settlement for {{month}} was paid',
      body: 'The payment of the settlement in {{project}} is recorded.',
    },
    budgetThreshold: {
      title: 'A budget of {{project}} reached {{threshold}} %',
      body: '{{budget}}: {{spent}} spent of {{amount}}.',
    },
    invited: {
      title: '{{actor}} invited you to {{project}}',
      body: 'Open the invitation e-mail to join as {{role}}.',
    },
    subscriptionWarning: {
      title: 'The subscription of {{project}} needs attention',
      body: '{{members}} members, {{covered}} covered by its sheets: add sheets or remove members by {{date}}, or the project becomes inactive.',
    },
    projectInactive: {
      title: '{{project}} became inactive',
      body: 'The project is read-only until its subscription is renewed.',
    },
    chargeFailed: {
      title: 'A payment for {{project}} failed',
      body: 'The charge could not be made ({{reason}}). Check the card in Settings › Card.',
    },
    webhookDisabled: {
      title: 'A webhook of {{project}} was switched off',
      body: 'The receiver of “{{webhook}}” answered {{status}}; check its address in Settings › Webhooks.',
    },
    recruitmentApplied: {
      title: '{{actor}} applied to “{{post}}”',
      body: 'A new applicant for the job post of {{project}}.',
    },
    applicationWithdrawn: {
      title: '{{actor}} withdrew from “{{post}}”',
      body: 'An application to the job post of {{project}} was withdrawn.',
    },
    applicationShortlisted: {
      title: 'You are shortlisted for “{{post}}”',
      body: '{{project}} put your application on its shortlist.',
    },
    applicationRejected: {
      title: 'Your application to “{{post}}” was not accepted',
      body: '{{project}} chose other applicants. {{note}}',
    },
    applicationHired: {
      title: 'You are hired for “{{post}}”',
      body: 'You joined {{project}}: a contract offer is waiting in its requests.',
    },
  },
};
