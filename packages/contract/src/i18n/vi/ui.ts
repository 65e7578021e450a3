import { dashboardUi } from './ui-dashboard.js';
import { planningUi } from './ui-planning.js';
import { requestUi } from './ui-request.js';
import { timesheetUi } from './ui-timesheet.js';
import { settingsUi } from './ui-settings.js';
import { settlementUi } from './ui-settlement.js';
import { billingUi } from './ui-billing.js';
import { notificationUi } from './ui-notification.js';
import { webhookUi } from './ui-webhook.js';
import { importUi } from './ui-import.js';
import { githubUi } from './ui-github.js';
import { documentUi } from './ui-document.js';
import { aiUi } from './ui-ai.js';
import { recruitmentUi } from './ui-recruitment.js';
import { reviewUi } from './ui-review.js';
import { oauthUi } from './ui-oauth.js';
import { signInUi } from './ui-signIn.js';
import { twoFactorUi } from './ui-twoFactor.js';
import { homeUi } from './ui-home.js';
import { profileUi } from './ui-profile.js';
import { devicesUi } from './ui-devices.js';
import { profileFormUi } from './ui-profileForm.js';
import { guideUi } from './ui-guide.js';
import { shellUi } from './ui-shell.js';
import { memberNameUi } from './ui-memberName.js';
import { myDataUi } from './ui-myData.js';
import { auditUi } from './ui-audit.js';
import { accessTokenUi } from './ui-accessToken.js';
import { spendingUi } from './ui-spending.js';
import { earningsUi } from './ui-earnings.js';
import { calendarUi } from './ui-calendar.js';
import { searchUi } from './ui-search.js';

/** Texts of the web app: the shell and every feature area. Keys are checked against en in every language. */
export const ui = {
  ...shellUi,
  ...memberNameUi,
  planning: planningUi,
  request: requestUi,
  settlement: settlementUi,
  timesheet: timesheetUi,
  settings: settingsUi,
  dashboard: dashboardUi,
  profile: profileUi,
  devices: devicesUi,
  profileForm: profileFormUi,
  home: homeUi,
  billing: billingUi,
  notification: notificationUi,
  webhook: webhookUi,
  import: importUi,
  github: githubUi,
  document: documentUi,
  ai: aiUi,
  guide: guideUi,
  recruitment: recruitmentUi,
  review: reviewUi,
  oauth: oauthUi,
  myData: myDataUi,
  signIn: signInUi,
  twoFactor: twoFactorUi,
  audit: auditUi,
  accessToken: accessTokenUi,
  spending: spendingUi,
  earnings: earningsUi,
  calendar: calendarUi,
  search: searchUi,
};
