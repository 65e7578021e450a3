import diagnostics from 'node:diagnostics_channel';
import { insideTransaction } from '../../infra/transaction-scope.js';

/**
 * Every HTTP request the process makes (global `fetch`, undici, `node:http`: payment gateway, GitHub,
 * OpenAI, the OpenID provider, webhooks, link previews) is checked against the transaction mark of
 * `infra/transaction-scope.ts` through Node's diagnostics channels. One made inside a transaction is
 * logged as an error with its stack and kept in `networkCallsInTransaction()`; the test app fails a
 * test file that made one (`test/test-app.ts`). It is reported, not thrown: a channel subscriber
 * cannot fail the request, and production should not crash on what tests exist to catch.
 */
export interface NetworkCallInTransaction {
  channel: string;
  target: string;
  stack: string;
}

const seen: NetworkCallInTransaction[] = [];
let report: ((call: NetworkCallInTransaction) => void) | null = null;
let installed = false;

function targetOf(channel: string, message: unknown): string {
  const r = (message as { request?: Record<string, unknown> }).request;
  if (!r) return channel;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return `${text(r.method)} ${text(r.origin) || text(r.host)}${text(r.path)}`.trim();
}

function check(channel: string) {
  return (message: unknown) => {
    if (!insideTransaction()) return;
    const call = {
      channel,
      target: targetOf(channel, message),
      stack: new Error('network call inside a transaction').stack ?? '',
    };
    seen.push(call);
    report?.(call);
  };
}

/** Starts watching (once per process); `onCall` logs each call found (the latest app's logger). */
export function installNetworkGuard(onCall: (call: NetworkCallInTransaction) => void): void {
  report = onCall;
  if (installed) return;
  installed = true;
  diagnostics.subscribe('undici:request:create', check('undici:request:create'));
  diagnostics.subscribe('http.client.request.start', check('http.client.request.start'));
}

/** Calls found so far in this process (tests read it). */
export const networkCallsInTransaction = (): readonly NetworkCallInTransaction[] => seen;
