import { z } from 'zod';
import type { apiPaths } from './api-paths.js';
import { accessTokenList, createdAccessToken } from './schemas/access-token.js';
import { calendarFeedList, createdCalendarFeed } from './schemas/calendar.js';
import { aiApplyResponse, aiJob, aiJobCreated } from './schemas/ai.js';
import { searchResult } from './schemas/search.js';
import { importCreated, importPreview, importRun } from './schemas/import.js';
import { auditList } from './schemas/audit.js';
import { budget, budgetList, spendingReport } from './schemas/budget.js';
import { authConfig, authTokens, emailVerifyResponse, oauthLoginResponse } from './schemas/auth.js';
import {
  billingResult,
  cardList,
  payment,
  planTable,
  projectCoupon,
  registeredCard,
  subscription,
} from './schemas/billing.js';
import { emptyResponse } from './schemas/common.js';
import { contract, contractList } from './schemas/contract.js';
import { dashboardResponse } from './schemas/dashboard.js';
import {
  documentDetail,
  documentListResponse,
  documentPublicLink,
  documentShare,
  documentVersionDetail,
  documentVersionsResponse,
  folder,
  folderListResponse,
  folderShare,
  publicDocument,
} from './schemas/document.js';
import {
  deletedFileResponse,
  healthResponse,
  readyResponse,
  regionResponse,
  storageUsage,
  uploadResponse,
} from './schemas/file.js';
import {
  githubBranchesResponse,
  githubConnection,
  githubOauthStartResponse,
  githubReposResponse,
  githubStatusResponse,
  githubStoryLinksResponse,
  githubSyncLogResponse,
} from './schemas/github.js';
import { historyData, historyItem } from './schemas/history.js';
import { jobSummary } from './schemas/job.js';
import { link } from './schemas/link.js';
import { findIdResponse, memberProfile, publicProfile } from './schemas/member.js';
import { memberExportStatus } from './schemas/my-data.js';
import { notificationList, notificationReadResponse, notificationSetting } from './schemas/notification.js';
import {
  bulkDeleteTimekeepingResponse,
  deleteMilestoneResponse,
  deletedEpicResponse,
  deletedStoryResponse,
  epic,
  memberInProject,
  milestone,
  story,
  storyComment,
  timekeeping,
  timelineResponse,
} from './schemas/planning.js';
import { projectOfMember, projectRolesResponse } from './schemas/project.js';
import {
  application,
  applicationList,
  deletedRecruitmentResponse,
  recruitment,
  recruitmentList,
} from './schemas/recruitment.js';
import { deletedRequestResponse, memberRequest, requestComment, requestList } from './schemas/request.js';
import { deletedReviewResponse, fileUrlResponse, reviewItem, reviewList } from './schemas/review.js';
import { memberSessionList, signedOutResponse } from './schemas/session.js';
import {
  deletedProject,
  deletedProjectResponse,
  invitation,
  inviteAcceptResponse,
  invitePreview,
  projectSettings,
  removedMemberResponse,
} from './schemas/settings.js';
import { settlement, settlementList } from './schemas/settlement.js';
import { earnings } from './schemas/earnings.js';
import {
  passkeyOptionsResponse,
  passkeyRegistered,
  projectTwoFactorSetting,
  recoveryCodesResponse,
  totpSetupResponse,
  twoFactorStatus,
} from './schemas/two-factor.js';
import {
  createdWebhook,
  webhook,
  webhookDelivery,
  webhookDeliveryList,
  webhookSecret,
  webhookTestResult,
} from './schemas/webhook.js';

/** A response that is a file's bytes, not the `{ data }` envelope (the web reads it as a Blob). */
export const fileBody = Symbol('file body');
export type FileBody = typeof fileBody;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What each API call answers, by the path's name in `apiPaths` and the method: the `data` of the
 * success envelope, as the zod schema the server's route declares (`responds(status, schema)`).
 * The web's client takes its response types from here, so a call cannot name a type of its own;
 * the server's route-registry test checks every route's declared schema against this map, so the
 * two cannot drift (docs/decisions.md "API"). A new JSON route adds its entry here.
 */
export const apiResponses = {
  health: { GET: healthResponse },
  ready: { GET: readyResponse },
  region: { GET: regionResponse },
  authConfig: { GET: authConfig },
  authEmail: { POST: emptyResponse },
  authEmailVerify: { POST: emailVerifyResponse },
  authLoginGeneral: { POST: authTokens },
  authRefresh: { POST: authTokens },
  authLogout: { POST: emptyResponse },
  authLoginLink: { POST: emptyResponse },
  authLoginLinkVerify: { POST: authTokens },
  authLogin: { POST: oauthLoginResponse },
  authOauthLink: { POST: authTokens },
  memberJoin: { POST: authTokens },
  memberJoinGeneral: { POST: authTokens },
  member: { GET: memberProfile, PATCH: memberProfile, DELETE: emptyResponse },
  memberProfile: { GET: publicProfile },
  memberFindId: { POST: findIdResponse },
  memberFindPassword: { POST: emptyResponse },
  memberPasswordReset: { POST: emptyResponse },
  memberPassword: { PATCH: emptyResponse },
  memberSessions: { GET: memberSessionList },
  memberSessionsOthers: { DELETE: signedOutResponse },
  memberSessionOne: { DELETE: emptyResponse },
  memberToken: { GET: accessTokenList, POST: createdAccessToken },
  memberTokenOne: { DELETE: emptyResponse },
  memberSpending: { GET: spendingReport },
  memberEarnings: { GET: earnings },
  memberEarningsStatement: { GET: fileBody },
  memberCalendar: { GET: calendarFeedList, POST: createdCalendarFeed },
  memberCalendarOne: { DELETE: emptyResponse },
  search: { GET: searchResult },
  file: { GET: fileBody, POST: uploadResponse },
  project: { POST: projectOfMember },
  projectListOfMember: { GET: z.array(projectOfMember) },
  projectRoles: { GET: projectRolesResponse },
  link: { GET: z.array(link), POST: link },
  linkOne: { DELETE: emptyResponse },
  job: { GET: z.array(jobSummary) },
  audit: { GET: auditList },
  auditOwn: { GET: auditList },
  auditExport: { GET: fileBody },
  milestone: { POST: milestone },
  milestoneTimeline: { GET: timelineResponse },
  milestoneStories: { GET: z.array(story) },
  milestoneOrder: { PATCH: milestone },
  milestoneOne: { GET: milestone, PATCH: milestone, DELETE: deleteMilestoneResponse },
  milestoneApproved: { PATCH: milestone },
  story: { POST: story },
  storyOne: { GET: story, PATCH: story, DELETE: deletedStoryResponse },
  storyAwaitingZone: { GET: z.array(story) },
  storyNoEpic: { GET: z.array(story) },
  storyByEpic: { GET: z.array(story) },
  storyOrder: { PATCH: story },
  storyComment: { GET: z.array(storyComment), POST: storyComment },
  assignee: { PATCH: story },
  epic: { POST: epic },
  epicOne: { PATCH: epic, DELETE: deletedEpicResponse },
  epicAllOfProject: { GET: z.array(epic) },
  timekeeping: { GET: z.array(timekeeping), POST: timekeeping },
  timekeepingBulk: { DELETE: bulkDeleteTimekeepingResponse },
  timekeepingOne: { PATCH: timekeeping },
  memberInProject: { GET: z.array(memberInProject) },
  memberInProjectInfo: { GET: memberInProject },
  projectOne: { GET: projectSettings, PATCH: projectSettings, DELETE: deletedProjectResponse },
  projectRestore: { POST: projectOfMember },
  projectDeleted: { GET: z.array(deletedProject) },
  memberInProjectOne: { PATCH: memberInProject, DELETE: removedMemberResponse },
  invite: { GET: invitePreview, POST: invitation },
  inviteAccept: { POST: inviteAcceptResponse },
  inviteVerify: { POST: emailVerifyResponse },
  inviteList: { GET: z.array(invitation) },
  inviteOne: { DELETE: invitation },
  inviteResend: { POST: invitation },
  historyStory: { GET: z.array(historyItem) },
  historyMilestone: { GET: z.array(historyItem) },
  historyData: { GET: historyData },
  dashboard: { GET: dashboardResponse },
  request: { GET: requestList, POST: memberRequest },
  requestOne: { GET: memberRequest, PATCH: memberRequest, DELETE: deletedRequestResponse },
  requestComment: { POST: requestComment },
  contract: { GET: contractList, POST: contract },
  recruitment: { GET: recruitmentList, POST: recruitment },
  recruitmentOne: { GET: recruitment, PATCH: recruitment, DELETE: deletedRecruitmentResponse },
  recruitmentApply: { POST: application },
  recruitmentApplications: { GET: applicationList },
  applicationOne: { PATCH: application },
  contractOne: { GET: contract },
  contractMove: { POST: contract },
  settlement: { GET: settlementList },
  settlementOne: { GET: settlement },
  settlementMove: { POST: settlement },
  settlementExport: { GET: fileBody },
  plan: { GET: planTable },
  subscription: { GET: subscription, POST: billingResult },
  subscriptionOne: { PATCH: subscription },
  subscriptionSheets: { POST: billingResult },
  subscriptionRefund: { POST: billingResult },
  payment: { GET: z.array(payment) },
  card: { GET: cardList, POST: registeredCard },
  cardOne: { DELETE: emptyResponse },
  coupon: { GET: z.array(projectCoupon), POST: z.array(projectCoupon) },
  notification: { GET: notificationList },
  notificationRead: { POST: notificationReadResponse },
  notificationSetting: { GET: notificationSetting, PUT: notificationSetting },
  webhook: { GET: z.array(webhook), POST: createdWebhook },
  webhookOne: { PATCH: webhook, DELETE: emptyResponse },
  webhookTest: { POST: webhookTestResult },
  webhookSecret: { POST: webhookSecret },
  webhookDeliveries: { GET: webhookDeliveryList },
  webhookDeliveryRetry: { POST: webhookDelivery },
  reviewMember: { POST: reviewItem },
  reviewOfMember: { GET: reviewList },
  reviewOne: { PATCH: reviewItem, DELETE: deletedReviewResponse },
  fileMedia: { POST: uploadResponse },
  fileUrl: { GET: fileUrlResponse },
  fileOne: { DELETE: deletedFileResponse },
  fileUsage: { GET: storageUsage },
  projectStorage: { GET: storageUsage },
  memberExport: { GET: memberExportStatus, POST: memberExportStatus },
  github: { GET: githubStatusResponse, PUT: githubConnection, DELETE: emptyResponse },
  githubRepos: { GET: githubReposResponse },
  githubBranches: { GET: githubBranchesResponse },
  githubSyncLog: { GET: githubSyncLogResponse },
  githubSync: { POST: emptyResponse },
  githubToken: { POST: githubConnection },
  githubOauth: { POST: githubOauthStartResponse },
  githubStoryLinks: { GET: githubStoryLinksResponse },
  folder: { GET: folderListResponse, POST: folder },
  folderOne: { PATCH: folder, DELETE: emptyResponse },
  folderShare: { POST: folderShare },
  folderShareOne: { DELETE: emptyResponse },
  document: { GET: documentListResponse, POST: documentDetail },
  documentOne: { GET: documentDetail, PATCH: documentDetail, DELETE: emptyResponse },
  documentShare: { POST: documentShare },
  documentShareOne: { DELETE: emptyResponse },
  documentPublicLink: { POST: documentPublicLink, DELETE: emptyResponse },
  documentVersions: { GET: documentVersionsResponse },
  documentVersionOne: { GET: documentVersionDetail },
  documentExport: { GET: fileBody },
  documentRestore: { POST: documentDetail },
  publicDocument: { GET: publicDocument },
  documentAi: { POST: aiJobCreated },
  timelineByAi: { POST: aiJobCreated },
  aiJob: { GET: aiJob },
  aiJobApply: { POST: aiApplyResponse },
  aiJobCancel: { POST: aiJob },
  importPreview: { POST: importPreview },
  importStart: { POST: importCreated },
  importRun: { GET: importRun },
  importUndo: { POST: importRun },
  authLoginSecondFactor: { POST: authTokens },
  authLoginSecondFactorPasskey: { POST: passkeyOptionsResponse },
  authPasskeyOptions: { POST: passkeyOptionsResponse },
  authLoginPasskey: { POST: authTokens },
  authStepUp: { POST: emptyResponse },
  authStepUpPasskey: { POST: passkeyOptionsResponse },
  twoFactor: { GET: twoFactorStatus },
  twoFactorTotp: { POST: totpSetupResponse, DELETE: emptyResponse },
  twoFactorTotpConfirm: { POST: recoveryCodesResponse },
  twoFactorRecoveryCodes: { POST: recoveryCodesResponse },
  twoFactorPasskeyOptions: { POST: passkeyOptionsResponse },
  twoFactorPasskey: { POST: passkeyRegistered },
  twoFactorPasskeyOne: { DELETE: emptyResponse },
  projectTwoFactor: { GET: projectTwoFactorSetting, PUT: projectTwoFactorSetting },
  projectBudget: { GET: budgetList, PUT: budget, DELETE: emptyResponse },
} as const satisfies { [N in keyof typeof apiPaths]?: { [M in HttpMethod]?: z.ZodType | FileBody } };

type ResponseOf<S> = S extends z.ZodType ? z.output<S> : FileBody;

/** The response types of `apiResponses`: `ApiResponses['contractMove']['POST']` is a `Contract`. */
export type ApiResponses = {
  [N in keyof typeof apiResponses]: {
    [M in keyof (typeof apiResponses)[N]]: ResponseOf<(typeof apiResponses)[N][M]>;
  };
};
