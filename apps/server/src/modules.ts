import { accessTokenModule } from './features/access-token/access-token.module.js';
import { calendarModule } from './features/calendar/calendar.module.js';
import { auditModule } from './features/audit/audit.module.js';
import { billingModule } from './features/billing/billing.module.js';
import { authModule } from './features/auth/auth.module.js';
import { contractModule } from './features/contract/contract.module.js';
import { commonModule } from './features/common/common.module.js';
import { earningsModule } from './features/earnings/earnings.module.js';
import { dashboardModule } from './features/dashboard/dashboard.module.js';
import { fileModule } from './features/file/file.module.js';
import { jobModule } from './features/job/job.module.js';
import { linkModule } from './features/link/link.module.js';
import { memberModule } from './features/member/member.module.js';
import { myDataModule } from './features/my-data/my-data.module.js';
import { membershipModule } from './features/membership/membership.module.js';
import { oauthModule } from './features/oauth/oauth.module.js';
import { twoFactorModule } from './features/two-factor/two-factor.module.js';
import { notificationModule } from './features/notification/notification.module.js';
import { planningModule } from './features/planning/planning.module.js';
import { projectModule } from './features/project/project.module.js';
import { recruitmentModule } from './features/recruitment/recruitment.module.js';
import { requestModule } from './features/request/request.module.js';
import { reviewModule } from './features/review/review.module.js';
import { sessionModule } from './features/session/session.module.js';
import { settlementModule } from './features/settlement/settlement.module.js';
import { spendingModule } from './features/spending/spending.module.js';
import { webhookModule } from './features/webhook/webhook.module.js';
import { githubModule } from './features/github/github.module.js';
import { aiModule } from './features/ai/ai.module.js';
import { importModule } from './features/import/import.module.js';
import { documentModule } from './features/document/document.module.js';
import type { AppModule } from './platform/module.js';
import { realtimeModule } from './plugins/realtime.js';
import { backupModule } from './features/backup/backup.module.js';
import { searchModule } from './features/search/search.module.js';

/**
 * Every domain of the app, in dependency order: a module's services may use those of the modules
 * above it. Adding a domain is one folder with its `<domain>.module.ts` and one line here.
 */
export const appModules: readonly AppModule[] = [
  commonModule,
  projectModule,
  auditModule,
  authModule,
  membershipModule,
  // Before member: a profile picture is checked through the file service.
  fileModule,
  memberModule,
  sessionModule,
  twoFactorModule,
  accessTokenModule,
  calendarModule,
  oauthModule,
  myDataModule,
  linkModule,
  planningModule,
  requestModule,
  reviewModule,
  contractModule,
  recruitmentModule,
  settlementModule,
  // After settlement: spend is the settlements' gross; its alerts follow their approvals.
  spendingModule,
  earningsModule,
  // After settlement: the dashboard reads its spend.
  dashboardModule,
  billingModule,
  webhookModule,
  githubModule,
  documentModule,
  aiModule,
  importModule,
  jobModule,
  searchModule,
  backupModule,
  notificationModule,
  realtimeModule,
];
