import type { Limit } from './limiter.js';

/**
 * Limits of the calls that cost us outbound requests or storage (issue 31), counted by the services
 * once they know the caller may act (an unauthorised call uses up nobody's allowance). Sized so a
 * real team never meets them and a script does at once; docs/security.md gives the reasons.
 */
export const costlyCallLimits = {
  /** "Send test" POSTs to an address a user typed: a few clicks while setting a hook up. */
  webhookTestPerHook: { name: 'webhook-test-hook', max: 5, windowMinutes: 1 },
  webhookTestPerProject: { name: 'webhook-test-project', max: 20, windowMinutes: 60 },
  webhookTestPerMember: { name: 'webhook-test-member', max: 30, windowMinutes: 60 },
  /** Uploads: a person drops a folder of files now and then, not hundreds a minute. */
  uploadsPerMember: { name: 'upload-member', max: 30, windowMinutes: 1 },
  uploadsPerProject: { name: 'upload-project', max: 60, windowMinutes: 1 },
} satisfies Record<string, Limit>;
