import type { FastifyBaseLogger } from 'fastify';
import type { ActionTable, TokenScope } from '@teamline/contract';
import type { AppConfig } from '../config.js';
import type { Clock } from '../infra/clock.js';
import type { Database, Db } from '../infra/db.js';
import type { Mailer } from '../infra/mail.js';
import type { EventDispatcher } from '../platform/events/event-dispatcher.js';
import type { TransactionPorts } from '../platform/events/unit-of-work.js';
import type { Jobs } from '../platform/jobs/job.types.js';
import type { PubSub } from '../infra/pubsub.js';
import type { Storage } from '../infra/storage.js';
import type { ProjectCaches } from '../platform/cache/project-cache.js';
import type { OutboundHttp } from '../platform/outbound-http/outbound-http.js';
import type { Limiter } from '../platform/rate-limit/limiter.js';
import type { AuditTrail } from '../platform/audit/audit-trail.js';
import type { Metrics } from '../platform/observability/metrics.js';

/** Adapters chosen by configuration, handed to every service. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  mailer: Mailer;
  pubsub: PubSub;
  storage: Storage;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Delivers recorded domain events after their commit; units of work kick it. */
  events: Pick<EventDispatcher, 'kick' | 'idle'>;
  /** The audit log's port (platform/audit): units of work append through it; `record(handle, entry)` elsewhere. */
  audit: AuditTrail;
  /** The ports every unit of work hands its transaction (membership), built on the transaction's handle. */
  transactionPorts: (handle: Db) => TransactionPorts;
  /** Durable jobs (pg-boss): `send` a registered job; modules declare theirs in `defineModule({ jobs })`. */
  jobs: Jobs;
  /** The action table authorization decides by; tests pass a changed one, otherwise the contract's. */
  actionRules?: ActionTable;
  /**
   * On the embedded database only: where a module's cache of project data hears the change notices
   * (membership's lookup cache, the history lists). Each module builds and owns its cache.
   */
  projectCaches?: ProjectCaches;
  /** Every request to an address a user typed goes through this (SSRF checks at connect time). */
  outbound: OutboundHttp;
  /** Rate limits services count by account or project (the route table counts by IP and body). */
  limiter: Limiter;
  /** Prometheus counters (platform/observability); no-ops unless METRICS_TOKEN or METRICS_PORT is set. */
  metrics: Metrics;
  /** `draining`: SIGTERM came, readiness answers 503 while in-flight work finishes (server.ts). */
  lifecycle: { draining: boolean };
}

/** The signed-in caller, set by the auth hook. */
export interface Actor {
  memberIdx: number;
  /** The login (session family); a personal access token's caller has `token:<tokenIdx>`, a login of no session. */
  familyId: string;
  /**
   * Set when the caller came with a personal access token (features/access-token) instead of a
   * login: only the routes of its scopes' areas take it (platform/authorization/token-scope.ts).
   */
  token?: { tokenIdx: number; name: string; scopes: readonly TokenScope[] };
}
