// @ts-check
/**
 * The import rules of the layers (docs/decisions.md "Layers checked by dependency-cruiser"),
 * run by `npm run lint`. Tests are left out: a test may wire several features together.
 */

const server = '^apps/server/src/';
const web = '^apps/web/src/';

/**
 * Violations not removed yet, each with its reason. Kept short: a line here is a debt, not a
 * permission; remove it with the knot it names.
 * @type {{ rule: string, from: string, to?: string, reason: string }[]}
 */
const knownViolations = [];

/** @param {string} rule */
const knownFrom = (rule) => knownViolations.filter((known) => known.rule === rule).map((known) => known.from);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'kernel-not-features',
      comment:
        'shared/, platform/, infra/ and db/ are what every feature stands on: they never import a feature ' +
        '(a feature that must be reached from below registers itself through its module).',
      severity: 'error',
      from: { path: `${server}(shared|platform|infra|db)/`, pathNot: knownFrom('kernel-not-features') },
      to: { path: `${server}features/` },
    },
    {
      name: 'no-feature-folder-cycles',
      comment:
        'Feature folders form a hierarchy: if features/a imports features/b (any file), nothing in b ' +
        'leads back to a. Checked on the folder graph, so a cycle through several files counts.',
      scope: 'folder',
      severity: 'error',
      from: { path: `${server}features/[^/]+$`, pathNot: knownFrom('no-feature-folder-cycles') },
      to: { path: `${server}features/`, circular: true },
    },
    {
      name: 'membership-through-its-port',
      comment:
        'Membership is one port (docs/decisions.md "Membership is one port"): other features reach it through ' +
        'features/membership/membership.port.ts or its module, never its repository, cache or services.',
      severity: 'error',
      from: { path: `${server}`, pathNot: `${server}features/membership/` },
      to: {
        path: `${server}features/membership/`,
        pathNot: `${server}features/membership/membership\\.(port|module)\\.ts$`,
      },
    },
    {
      name: 'not-another-features-repository',
      comment:
        "A feature uses another through what that feature's module hands out (its services, or a port file), " +
        'never by importing its repository; the store folders (planning-store, account-store) are shared by design.',
      severity: 'error',
      from: { path: `${server}features/([^/]+)/` },
      to: {
        path: `${server}features/[^/]+/[^/]+\\.repository\\.ts$`,
        pathNot: `${server}features/($1|planning-store|account-store)/`,
      },
    },
    {
      name: 'web-shared-not-app-or-features',
      comment: 'components/ and lib/ are shared by the features and the app: they import neither.',
      severity: 'error',
      from: { path: `${web}(components|lib)/`, pathNot: knownFrom('web-shared-not-app-or-features') },
      to: { path: `${web}(app|features)/` },
    },
    {
      name: 'web-feature-not-other-feature',
      comment:
        'A web feature imports the shared layers (components, lib, stores, app), never another feature; ' +
        'a page shows another feature through a lazy slot in app/ (docs/architecture.md).',
      severity: 'error',
      from: { path: `${web}features/([^/]+)/` },
      to: { path: `${web}features/`, pathNot: `${web}features/$1/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^apps/server/.*\\.test\\.ts$', '\\.d\\.ts$'] },
    // Type-only imports count: a type from another folder is a dependency on it too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: `${__dirname}/apps/server/tsconfig.json` },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    // The folder-scoped cycle rule needs the folder graph, computed with the metrics.
    metrics: true,
  },
};
