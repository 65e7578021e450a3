/** Texts of the web app. Owned by the web app; keys are checked against en in every language. */
export const ui = {
  appName: 'Teamline',
};
