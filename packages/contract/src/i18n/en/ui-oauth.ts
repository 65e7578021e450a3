/** Texts of sign-in with Google (any OpenID Connect issuer): the result page and the join form after it. */
export const oauthUi = {
  signingIn: 'Signing you in with Google…',
  failedTitle: 'Google sign-in did not finish',
  backToLogin: 'Back to login',
  linkTitle: 'Link your Google account',
  linkBody:
    'An account with {{email}} already exists. Enter its password once; from then on you can sign in with Google.',
  password: 'Password',
  linkSubmit: 'Link and log in',
  preTitle: 'Finish signing up',
  preSubtitle: 'Signing up with Google as {{email}}',
  noSession: 'Sign in with Google first',
  noSessionBody: 'Your Google sign-up session was not found or has expired. Sign in with Google again.',
};
