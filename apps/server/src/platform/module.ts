import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../shared/context.js';
import type { EventConsumer } from './events/event-dispatcher.js';
import type { JobDefinition } from './jobs/job.types.js';
import type { Services } from './services.js';

/** What a module's factory may use: the adapters and the services of the modules listed before it. */
export interface ModuleDeps {
  ctx: AppContext;
  services: Services;
}

/**
 * One product domain as the app assembles it: its services (built from the context, its own
 * repositories and earlier modules' services), its routes under `/api`, and its start-up hooks.
 * A new domain is one folder with a `<domain>.module.ts` plus one line in `src/modules.ts`.
 */
export interface AppModule {
  name: string;
  services?: (deps: ModuleDeps) => Partial<Services>;
  /** Registered under `/api` after every module's services exist. */
  routes?: (app: FastifyInstance) => Promise<void>;
  /** What acts on committed domain events (realtime pushes, later webhooks and notifications). */
  consumers?: (deps: ModuleDeps) => EventConsumer[];
  /** Its durable jobs (pg-boss): name, handler, retry policy, optional cron; workers start on ready. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each job has its own data type
  jobs?: (deps: ModuleDeps) => JobDefinition<any>[];
  /** Hooks on the root app (subscriptions, start-up work), after the services exist. */
  setup?: (app: FastifyInstance) => void | Promise<void>;
}

export const defineModule = (module: AppModule): AppModule => module;

/**
 * Builds every module's services in list order, then their event consumers and jobs. A factory that reads a
 * service of a module listed after it fails at start-up with both names, instead of receiving `undefined`.
 */
export function assembleModules(
  ctx: AppContext,
  modules: readonly AppModule[],
): {
  services: Services;
  consumers: EventConsumer[]; // eslint-disable-next-line @typescript-eslint/no-explicit-any
  jobs: JobDefinition<any>[];
} {
  const built: Record<string, unknown> = {};
  let current = '';
  const services = new Proxy(built, {
    get(target, name) {
      if (typeof name === 'string' && !(name in target) && current)
        throw new Error(
          `module '${current}' uses service '${name}' before it is built: list its module first`,
        );
      return target[name as string];
    },
  }) as unknown as Services;
  for (const module of modules) {
    current = module.name;
    const made = module.services?.({ ctx, services }) ?? {};
    for (const [name, service] of Object.entries(made)) {
      if (name in built) throw new Error(`service '${name}' is defined twice (module '${module.name}')`);
      built[name] = service;
    }
  }
  current = '';
  const ready = built as unknown as Services;
  const consumers = modules.flatMap((module) => module.consumers?.({ ctx, services: ready }) ?? []);
  const jobs = modules.flatMap((module) => module.jobs?.({ ctx, services: ready }) ?? []);
  return { services: ready, consumers, jobs };
}
