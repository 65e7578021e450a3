import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RouteMeta } from '../route-meta';
import { Icon } from '../../components/ui/Icon';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useAuthStore } from '../../stores/auth-store';
import { useProjectStore } from '../../stores/project-store';
import { useUiStore } from '../../stores/ui-store';
import { LinkStrip } from '../../features/link/components/LinkStrip';
import { NotificationBell } from '../../features/notification/components/NotificationBell';
import { RequestHeaderLink } from '../../features/request/components/RequestHeaderLink';
import { SearchButton } from '../../features/search/components/SearchButton';
import { LEFT_MENU_ID } from './LeftMenu';
import { ProjectPicker } from './ProjectPicker';
import { UserBox } from './UserBox';

const mobilePickerTypes = new Set(['dashboard', 'timeline', 'calculate', 'spending', 'epic']);

export function Logo() {
  return (
    <Link to="/" className="logo" aria-label="Teamline">
      <span className="logo__mark" aria-hidden="true">
        T
      </span>
      <span className="logo__text">Teamline</span>
    </Link>
  );
}

/** docs/product/i18n-and-modes.md#header for desktop and mobile (narrower than 767 px). */
export function Header({ meta }: { meta: RouteMeta }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const isLogin = useAuthStore((s) => s.isLogin);
  const selectedProject = useProjectStore((s) => s.selectedProject);
  const isMenuOpen = useUiStore((s) => s.isMenuOpen);
  const setMenuOpen = useUiStore((s) => s.setMenuOpen);
  const type = meta.headerType ?? 'home';
  const hasLogo = type === 'home' || type === 'recruitment' || type === 'guide' || type === 'profile';
  const title = t(`ui.sections.${type}`);

  let projectArea = null;
  if (isLogin) {
    if (type === 'setting') {
      projectArea = selectedProject ? (
        <span className="header__project-title">{selectedProject.name}</span>
      ) : null;
    } else if (!isMobile || mobilePickerTypes.has(type)) {
      projectArea = <ProjectPicker />;
    }
  }

  return (
    <header className={`header${isLogin ? '' : ' header--guest'}`}>
      <div className="header__left">
        {isMobile && meta.leftMenu && (
          <button
            type="button"
            className="icon-btn"
            data-testid="menu-button"
            aria-label={t(isMenuOpen ? 'ui.nav.closeMenu' : 'ui.nav.openMenu')}
            aria-expanded={isMenuOpen}
            aria-controls={LEFT_MENU_ID}
            onClick={() => setMenuOpen(!isMenuOpen)}
          >
            <Icon name="menu" />
          </button>
        )}
        {hasLogo && !isMobile && <Logo />}
        <h1 className={`header__title${hasLogo && !isMobile ? ' visually-hidden' : ''}`}>{title}</h1>
        {projectArea}
      </div>
      {isLogin && meta.name === 'Timeline' && selectedProject && !isMobile && (
        <div className="header__links">
          <LinkStrip projectIdx={selectedProject.projectIdx} />
        </div>
      )}
      <div className="header__right">
        {isLogin && meta.guarded && !isMobile && <SearchButton />}
        {isLogin && selectedProject && <RequestHeaderLink projectIdx={selectedProject.projectIdx} />}
        {isLogin && <NotificationBell />}
        {isLogin ? (
          <UserBox />
        ) : (
          <>
            <span className="header__guest">{t('ui.header.notLoggedIn')}</span>
            <Link to="/login" className="btn btn--green btn--small">
              {t('ui.header.loginJoin')}
            </Link>
          </>
        )}
      </div>
      {isLogin && meta.name === 'Timeline' && selectedProject && isMobile && (
        <div className="header__links header__links--mobile">
          <LinkStrip projectIdx={selectedProject.projectIdx} />
        </div>
      )}
    </header>
  );
}
