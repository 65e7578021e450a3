import type { RouteName } from '@teamline/contract';

/** docs/product/i18n-and-modes.md#routes header types; `calculate` is shown as settlement. */
export type HeaderType =
  | 'home'
  | 'recruitment'
  | 'dashboard'
  | 'timeline'
  | 'calculate'
  | 'spending'
  | 'setting'
  | 'epic'
  | 'doclist'
  | 'pilot'
  | 'request'
  // Beyond the original route table (docs/product/i18n-and-modes.md#routes): the guide and the profile were titled "Home" (issue 33).
  | 'guide'
  | 'profile'
  // Money across projects (issue 34).
  | 'earnings';

export interface RouteMeta {
  name: RouteName;
  path: string;
  /** Whether the header shows. */
  header: boolean;
  headerType: HeaderType | null;
  /** Whether the left menu shows. */
  leftMenu: boolean;
  /** Guarded: the initialisation step runs first and requires a signed-in user. */
  guarded: boolean;
  /** Section carried by `:id` that the project resolution of docs/product/projects-and-membership.md#project-resolution replaces with the selected project. */
  projectScoped: boolean;
  /** Built by a later feature; shows its header, menu and a "not available yet" state. */
  isPlaceholder: boolean;
}

const page = (
  name: RouteName,
  path: string,
  headerType: HeaderType | null,
  extra: Partial<Omit<RouteMeta, 'name' | 'path' | 'headerType'>> = {},
): RouteMeta => ({
  name,
  path,
  header: true,
  headerType,
  leftMenu: true,
  guarded: false,
  projectScoped: false,
  isPlaceholder: false,
  ...extra,
});
const bare = { header: false, leftMenu: false } as const;

/** The route table of docs/product/i18n-and-modes.md#routes, one entry per route, with its meta. */
export const routeTable: RouteMeta[] = [
  page('home', '/', 'home'),
  page('guide', '/guide', 'guide'),
  page('homeType', '/home', 'home'),
  page('login', '/login', null, bare),
  // A mailed one-time sign-in link lands here (issue 30).
  page('loginLink', '/login/link', null, bare),
  page('oauthPre', '/oauth/pre', null, bare),
  page('oauthSuccess', '/oauth/success', null, bare),
  page('mailform', '/mailform', null, bare),
  page('join', '/join', null, bare),
  page('Profile', '/profile', 'profile', { guarded: true }),
  page('dashboard', '/dashboard/:id', 'dashboard', { guarded: true, projectScoped: true }),
  page('document', '/document', 'doclist', { guarded: true }),
  page('Timeline', '/timeline/:id', 'timeline', { guarded: true, projectScoped: true }),
  page('findId', '/find/id', null, bare),
  page('findPassword', '/find/password', null, bare),
  page('findRepassword', '/find/repassword', null, bare),
  page('calculateExpert', '/calculate/expert/:id', 'calculate', {
    guarded: true,
    projectScoped: true,
  }),
  page('calculateClient', '/calculate/client/:id', 'calculate', {
    guarded: true,
    projectScoped: true,
  }),
  // The client's spend across projects and the budgets of the project in `:id` (issue 34).
  page('spending', '/spending/:id', 'spending', { guarded: true, projectScoped: true }),
  page('Permission denied', '/permission-denied', 'home'),
  page('No project', '/no-project', 'home'),
  page('mailauth', '/mailauth', 'home'),
  page('verifyEmail', '/verify/email', null, bare),
  page('verifyInvite', '/verify/invite', null, bare),
  page('setting', '/setting', 'setting', { guarded: true }),
  page('Recruitment', '/recruitment', 'recruitment', { guarded: true }),
  page('epic', '/epic/:id', 'epic', { guarded: true, projectScoped: true }),
  page('doclist', '/doclist/:id', 'doclist', { guarded: true, projectScoped: true }),
  // Guarded: the first-run steps read the member's profile and projects.
  page('instructionNewRegister', '/instruction/new-register', null, { ...bare, guarded: true }),
  page('pilot', '/pilot/:id', 'pilot', { guarded: true, projectScoped: true }),
  page('paymentFailure', '/payment-failure', null, bare),
  page('paymentSuccess', '/payment-success', null, bare),
  // Requests between members (docs/product/requests.md#requests); reached from the header.
  page('request', '/request/:id', 'request', { guarded: true, projectScoped: true }),
  // A document's read-only public link (issue 15): no sign-in, no app chrome.
  page('publicDocument', '/public/document/:token', null, bare),
  // The professional's earnings across projects (issue 34, docs/product/earnings-and-spending.md#earnings).
  page('earnings', '/earnings', 'earnings', { guarded: true }),
];

export const metaByName = (name: RouteName): RouteMeta => {
  const meta = routeTable.find((r) => r.name === name);
  if (!meta) throw new Error(`Unknown route ${name}`);
  return meta;
};

/** The path of a project-scoped section for another project id. */
export const pathWithId = (name: RouteName, id: number | string): string =>
  metaByName(name).path.replace(':id', String(id));

/** Routes whose visit is not remembered as the previous path (account pages before sign-in). */
export const isAuthFlowRoute = (name: RouteName): boolean =>
  !metaByName(name).header && name !== 'instructionNewRegister';
