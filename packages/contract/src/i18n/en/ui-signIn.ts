/** Texts of the mailed one-time sign-in link (issue 30): asking for it on the login page, and its landing page. */
export const signInUi = {
  mailLink: 'Email me a sign-in link',
  mailLinkHint: 'No password needed: a link that signs you in once, within 15 minutes.',
  sent: 'If {{email}} has a Teamline account, a sign-in link is on its way. It works once, for 15 minutes.',
  signingIn: 'Signing you in…',
  failedTitle: 'This sign-in link did not work',
  backToLogin: 'Back to login',
};
