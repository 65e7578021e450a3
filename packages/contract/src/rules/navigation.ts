import { FREE_MEMBER_ALLOWANCE } from '../constants.js';

/** Route names of the route table (docs/product/i18n-and-modes.md#routes) that the rules below refer to. */
export type RouteName =
  | 'home'
  | 'homeType'
  | 'guide'
  | 'login'
  | 'loginLink'
  | 'oauthPre'
  | 'oauthSuccess'
  | 'mailform'
  | 'join'
  | 'Profile'
  | 'dashboard'
  | 'document'
  | 'Timeline'
  | 'findId'
  | 'findPassword'
  | 'findRepassword'
  | 'calculateExpert'
  | 'calculateClient'
  | 'spending'
  | 'Permission denied'
  | 'No project'
  | 'mailauth'
  | 'verifyEmail'
  | 'verifyInvite'
  | 'setting'
  | 'Recruitment'
  | 'epic'
  | 'doclist'
  | 'instructionNewRegister'
  | 'pilot'
  | 'paymentFailure'
  | 'paymentSuccess'
  | 'request'
  | 'publicDocument'
  | 'earnings';

/** docs/product/i18n-and-modes.md#modes: after a mode switch the user goes home unless on one of these. */
const stayAfterModeSwitch: RouteName[] = ['home', 'setting', 'No project', 'Permission denied'];
export const shouldReturnHomeAfterModeSwitch = (route: RouteName): boolean =>
  !stayAfterModeSwitch.includes(route);

/** docs/product/projects-and-membership.md#project-resolution runs on every route change except these. */
const skipProjectResolution: RouteName[] = [
  'setting',
  'No project',
  'Permission denied',
  'home',
  'Profile',
  'publicDocument',
  // Across every project of the account (docs/product/earnings-and-spending.md#earnings).
  'earnings',
];
export const needsProjectResolution = (route: RouteName): boolean => !skipProjectResolution.includes(route);

/** docs/product/billing.md#plans-and-prices: a warning when totalMember exceeds sheets plus the free allowance. */
export const isSubscriptionShort = (totalMember: number, sheets: number): boolean =>
  totalMember > sheets + FREE_MEMBER_ALLOWANCE;

const noWarningBar: RouteName[] = [
  'home',
  'setting',
  'Profile',
  'Recruitment',
  'instructionNewRegister',
  'join',
];
/** docs/product/i18n-and-modes.md#warning-bar: all four conditions must hold. */
export function shouldShowWarningBar(input: {
  isLoggedIn: boolean;
  isWarningSubscription: boolean;
  closed: boolean;
  route: RouteName;
}): boolean {
  return (
    input.isLoggedIn && input.isWarningSubscription && !input.closed && !noWarningBar.includes(input.route)
  );
}
