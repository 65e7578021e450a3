import type { RouteName } from '@teamline/contract';
import type { ComponentType } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
import { loadChrome } from './chrome';
import { guardLoader } from './guard';
import { PageSpinner, RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { chromeTexts, pageTexts } from './route-texts';
import { loadUiAreas } from '../lib/i18n';
import { routeTable } from './route-meta';

type PageModule = Promise<{ Component: ComponentType }>;
const placeholder = (): PageModule =>
  import('../features/placeholder/components/NotAvailablePage').then((m) => ({
    Component: m.NotAvailablePage,
  }));

/** docs/product/timekeeping-and-settlement.md#views: both settlement routes share one view (and one loader); the route picks expert or client. */
const settlementPage = (): PageModule =>
  import('./SettlementRoute').then((m) => ({ Component: m.SettlementRoute }));

/** Which module renders each route; routes of later features share the "not available yet" page. */
const pages: Partial<Record<RouteName, () => PageModule>> = {
  home: () => import('../features/home/components/HomePage').then((m) => ({ Component: m.HomePage })),
  homeType: () => import('../features/home/components/HomePage').then((m) => ({ Component: m.HomePage })),
  login: () => import('../features/auth/components/LoginPage').then((m) => ({ Component: m.LoginPage })),
  loginLink: () =>
    import('../features/auth/components/SignInLinkPage').then((m) => ({ Component: m.SignInLinkPage })),
  mailform: () =>
    import('../features/auth/components/MailformPage').then((m) => ({ Component: m.MailformPage })),
  verifyEmail: () =>
    import('../features/auth/components/VerifyEmailPage').then((m) => ({ Component: m.VerifyEmailPage })),
  join: () => import('../features/auth/components/JoinPage').then((m) => ({ Component: m.JoinPage })),
  oauthSuccess: () =>
    import('../features/auth/components/OauthSuccessPage').then((m) => ({ Component: m.OauthSuccessPage })),
  oauthPre: () =>
    import('../features/auth/components/OauthPrePage').then((m) => ({ Component: m.OauthPrePage })),
  findId: () => import('../features/auth/components/FindIdPage').then((m) => ({ Component: m.FindIdPage })),
  findPassword: () =>
    import('../features/auth/components/FindPasswordPage').then((m) => ({ Component: m.FindPasswordPage })),
  findRepassword: () =>
    import('../features/auth/components/RepasswordPage').then((m) => ({ Component: m.RepasswordPage })),
  Profile: () =>
    import('../features/member/components/ProfilePage').then((m) => ({ Component: m.ProfilePage })),
  dashboard: () =>
    import('../features/dashboard/components/DashboardPage').then((m) => ({ Component: m.DashboardPage })),
  Timeline: () =>
    import('../features/timeline/components/TimelinePage').then((m) => ({ Component: m.TimelinePage })),
  epic: () => import('../features/epic/components/EpicPage').then((m) => ({ Component: m.EpicPage })),
  setting: () =>
    import('../features/settings/components/SettingsPage').then((m) => ({ Component: m.SettingsPage })),
  verifyInvite: () =>
    import('../features/invitation/components/InvitationPage').then((m) => ({ Component: m.InvitationPage })),
  calculateExpert: settlementPage,
  calculateClient: settlementPage,
  spending: () =>
    import('../features/spending/components/SpendingPage').then((m) => ({ Component: m.SpendingRoute })),
  Recruitment: () =>
    import('../features/recruitment/components/RecruitmentPage').then((m) => ({
      Component: m.RecruitmentPage,
    })),
  request: () => import('./RequestRoute').then((m) => ({ Component: m.RequestRoute })),
  paymentSuccess: () =>
    import('../features/billing/components/PaymentResultPage').then((m) => ({
      Component: m.PaymentResultPage,
    })),
  paymentFailure: () =>
    import('../features/billing/components/PaymentResultPage').then((m) => ({
      Component: m.PaymentResultPage,
    })),
  guide: () => import('../features/guide/components/GuidePage').then((m) => ({ Component: m.GuidePage })),
  instructionNewRegister: () =>
    import('../features/guide/components/FirstRunPage').then((m) => ({ Component: m.FirstRunPage })),
  mailauth: () =>
    import('../features/guide/components/MailAuthPage').then((m) => ({ Component: m.MailAuthPage })),
  pilot: () => import('../features/guide/components/PilotPage').then((m) => ({ Component: m.PilotPage })),
  doclist: () =>
    import('../features/document/components/DocumentListPage').then((m) => ({
      Component: m.DocumentListPage,
    })),
  document: () =>
    import('../features/document/components/DocumentPage').then((m) => ({ Component: m.DocumentPage })),
  publicDocument: () =>
    import('../features/document/components/PublicDocumentPage').then((m) => ({
      Component: m.PublicDocumentPage,
    })),
  earnings: () =>
    import('../features/earnings/components/EarningsPage').then((m) => ({ Component: m.EarningsPage })),
  'No project': () =>
    import('../features/project/components/NoProjectPage').then((m) => ({ Component: m.NoProjectPage })),
  'Permission denied': () =>
    import('../features/project/components/PermissionDeniedPage').then((m) => ({
      Component: m.PermissionDeniedPage,
    })),
};

/**
 * A page's loader fetches, alongside its own chunk, the header and left menu when it shows them and
 * the texts of the feature areas it uses (route-texts.ts), so it renders complete, not after a
 * second round trip.
 */
const loaderCache = new Map<string, () => PageModule>();
const loaderIds = new Map<() => PageModule, number>();
function pageLoader(meta: (typeof routeTable)[number]): () => PageModule {
  const load = pages[meta.name] ?? placeholder;
  const chrome = meta.header || meta.leftMenu;
  const texts = [...(pageTexts[meta.name] ?? []), ...(chrome ? chromeTexts : [])];
  // Routes sharing a page and its needs share one loader (the two settlement routes: one view).
  if (!loaderIds.has(load)) loaderIds.set(load, loaderIds.size);
  const key = `${loaderIds.get(load)}|${chrome}|${texts.join()}`;
  let loader = loaderCache.get(key);
  if (!loader) {
    loader = async () =>
      (
        await Promise.all([load(), chrome ? loadChrome() : null, texts.length ? loadUiAreas(texts) : null])
      )[0];
    loaderCache.set(key, loader);
  }
  return loader;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      ...routeTable.map((meta): RouteObject => ({
        path: meta.path,
        id: meta.name,
        handle: meta,
        loader: meta.guarded ? guardLoader : undefined,
        lazy: pageLoader(meta),
      })),
      {
        path: '*',
        lazy: () =>
          import('../features/placeholder/components/NotFoundPage').then((m) => ({
            Component: m.NotFoundPage,
          })),
      },
    ],
  },
];

export const createRouter = () => createHashRouter(routes);
