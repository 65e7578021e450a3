import { Suspense, lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { AlertDialog } from '../components/ui/AlertDialog';
import { Toasts } from '../components/ui/Toasts';
import { WarningBar } from './layout/WarningBar';
import { usePreviousPathStore } from '../stores/previous-path-store';
import { useUiStore } from '../stores/ui-store';
import { Header, LeftMenu } from './chrome';
import { isAuthFlowRoute } from './route-meta';
import { usePendingModeSwitch } from './use-mode-switch';
import { useProjectResolution } from './use-project-resolution';
import { useRouteMeta } from './use-route-meta';
import { useSession } from './use-session';
import { StepUpSlot } from './two-factor-slots';

/** The command palette (Ctrl/⌘-K, issue 34): its own chunk, on pages with the app chrome. */
const AppPalette = lazy(() => import('../features/search/AppPalette'));

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('ui.common.loading')}</span>
    </div>
  );
}

/** The shell: header, left menu, warning bar, toasts and alerts, chosen by the route meta. */
export function RootLayout() {
  const { t, i18n } = useTranslation();
  const meta = useRouteMeta();
  const location = useLocation();
  const navigation = useNavigation();
  useSession();
  const { isResolving } = useProjectResolution(meta);
  usePendingModeSwitch(meta);

  useEffect(() => {
    // docs/product/i18n-and-modes.md#routes: the menu closes on route change; the path after the hash is the previous path.
    useUiStore.getState().setMenuOpen(false);
    if (!isAuthFlowRoute(meta.name)) {
      usePreviousPathStore.getState().setPreviousPath(location.pathname + location.search);
    }
  }, [location.pathname, location.search, meta.name]);

  useEffect(() => {
    document.title = t(`ui.titles.${meta.name}`);
  }, [meta.name, t, i18n.language]);

  return (
    <div
      className={`app${meta.header ? ' app--with-header' : ''}${meta.leftMenu ? ' app--with-menu' : ''}${meta.name === 'Timeline' ? ' app--with-links' : ''}`}
    >
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('ui.common.skipToContent')}
      </a>
      <Suspense fallback={null}>
        {meta.header && <Header meta={meta} />}
        {meta.leftMenu && <LeftMenu />}
        {meta.header && meta.guarded && <AppPalette />}
      </Suspense>
      <main id="main" tabIndex={-1} className="main">
        {isResolving || navigation.state === 'loading' ? (
          <PageSpinner />
        ) : (
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        )}
      </main>
      <WarningBar meta={meta} />
      <Toasts />
      <AlertDialog />
      <StepUpSlot />
    </div>
  );
}
