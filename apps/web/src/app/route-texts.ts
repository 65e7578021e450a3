import type { RouteName } from '@teamline/contract';
import type { UiArea } from '@teamline/contract/i18n';

/**
 * Which feature areas of the web texts (`ui.<area>.*`) each page uses: the router fetches them in
 * the page's language together with its chunk (lib/i18n.ts `loadUiAreas`). route-texts.test.ts walks
 * every page's modules and fails when one uses an area its route does not name here.
 */
export const pageTexts: Partial<Record<RouteName, readonly UiArea[]>> = {
  home: ['home'],
  loginLink: ['signIn', 'twoFactor'],
  homeType: ['home'],
  join: ['profileForm'],
  oauthPre: ['profileForm', 'oauth'],
  login: ['twoFactor', 'signIn'],
  oauthSuccess: ['oauth', 'twoFactor'],
  Profile: [
    'profile',
    'profileForm',
    'notification',
    'myData',
    'devices',
    'twoFactor',
    'audit',
    'accessToken',
    'calendar',
  ],
  dashboard: ['dashboard'],
  Timeline: ['planning'],
  epic: ['planning'],
  setting: ['settings', 'billing', 'webhook', 'github', 'myData', 'twoFactor', 'audit', 'spending', 'import'],
  paymentSuccess: ['billing'],
  paymentFailure: ['billing'],
  verifyInvite: ['settings'],
  calculateExpert: ['settlement', 'timesheet'],
  calculateClient: ['settlement', 'timesheet'],
  spending: ['spending'],
  request: ['request', 'settlement'],
  guide: ['guide'],
  instructionNewRegister: ['guide'],
  mailauth: ['guide'],
  pilot: ['guide'],
  // The hire form's contract terms are the offer form's fieldset (components/contract), in settlement's texts.
  Recruitment: ['recruitment', 'settlement'],
  doclist: ['document'],
  document: ['document'],
  publicDocument: ['document'],
  earnings: ['earnings'],
};

/** The areas of the header and left menu, loaded with every page that shows them (none: their labels are shell texts, and the bell's panel loads its own). */
export const chromeTexts: readonly UiArea[] = [];
