import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon, type IconName } from '../../components/ui/Icon';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useAuthStore } from '../../stores/auth-store';
import { useProjectStore } from '../../stores/project-store';
import { useRoleStore } from '../../stores/role-store';
import { useUiStore } from '../../stores/ui-store';
import { useProjects } from '../../lib/use-projects';
import { openPalette } from '../../features/search/open-palette';

/** The menu's element id: the header's menu button names it (`aria-controls`). */
export const LEFT_MENU_ID = 'left-menu';

interface MenuItem {
  key: string;
  label: string;
  icon: IconName;
  to: string;
  end?: boolean;
}

/**
 * docs/product/i18n-and-modes.md#left-menu: home, dashboard, epic, timeline, settlement (by mode),
 * spending (client mode), doclist, earnings (professional mode), setting.
 */
export function LeftMenu() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const isOpen = useUiStore((s) => s.isMenuOpen);
  const setMenuOpen = useUiStore((s) => s.setMenuOpen);
  const isClient = useRoleStore((s) => s.isClient);
  const selectedProjectId = useProjectStore((s) => s.selectedProjectId);
  const { modeProjects } = useProjects();
  const isSelectedInMode = modeProjects.some((p) => p.projectIdx === selectedProjectId);
  const id = isSelectedInMode ? selectedProjectId : (modeProjects[0]?.projectIdx ?? null);
  const isLogin = useAuthStore((s) => s.isLogin);
  // Visitors are sent to login; a signed-in user without a project in this mode to No project.
  const scoped = (path: string) => (!isLogin ? '/login' : id == null ? '/no-project' : `${path}/${id}`);

  const items: MenuItem[] = [
    { key: 'home', label: t('ui.nav.home'), icon: 'home', to: '/', end: true },
    { key: 'dashboard', label: t('ui.nav.dashboard'), icon: 'dashboard', to: scoped('/dashboard') },
    { key: 'epic', label: t('ui.nav.epic'), icon: 'epic', to: scoped('/epic') },
    { key: 'timeline', label: t('ui.nav.timeline'), icon: 'timeline', to: scoped('/timeline') },
    isClient
      ? {
          key: 'settlement',
          label: t('ui.nav.settlementClient'),
          icon: 'settlement',
          to: scoped('/calculate/client'),
        }
      : {
          key: 'settlement',
          label: t('ui.nav.settlementExpert'),
          icon: 'settlement',
          to: scoped('/calculate/expert'),
        },
    // The paying side's spend and budgets (issue 34): client mode only.
    ...(isClient
      ? [{ key: 'spending', label: t('ui.nav.spending'), icon: 'spending' as const, to: scoped('/spending') }]
      : []),
    { key: 'doclist', label: t('ui.nav.doclist'), icon: 'doc', to: scoped('/doclist') },
    // Across every project of the account: no project in the address (issue 34).
    ...(isClient
      ? []
      : [
          {
            key: 'earnings',
            label: t('ui.nav.earnings'),
            icon: 'earnings' as const,
            to: isLogin ? '/earnings' : '/login',
          },
        ]),
    { key: 'setting', label: t('ui.nav.setting'), icon: 'setting', to: '/setting' },
  ];

  return (
    <>
      {isMobile && isOpen && (
        <div className="left-menu__scrim" onClick={() => setMenuOpen(false)} aria-hidden="true" />
      )}
      <nav
        id={LEFT_MENU_ID}
        className={`left-menu${isMobile ? ' left-menu--mobile' : ''}`}
        data-testid="left-menu"
        aria-label={t('ui.nav.label')}
        style={isMobile ? { transform: `translateX(${isOpen ? '0' : '-27.2rem'})` } : undefined}
        inert={isMobile && !isOpen ? true : undefined}
      >
        <ul>
          {isMobile && isLogin && (
            // On a phone the header has no room for the search button, and there is no Ctrl-K.
            <li>
              <button
                type="button"
                className="left-menu__item left-menu__search"
                data-testid="menu-search"
                onClick={() => {
                  // The palette gives focus back to the button that opens this menu (the menu is gone).
                  document.querySelector<HTMLElement>(`[aria-controls="${LEFT_MENU_ID}"]`)?.focus();
                  setMenuOpen(false);
                  openPalette();
                }}
              >
                <Icon name="search" size={22} />
                <span className="left-menu__label">{t('ui.search.open')}</span>
              </button>
            </li>
          )}
          {items.map((item) => (
            <li key={item.key}>
              <NavLink
                to={item.to}
                end={item.end}
                className={({ isActive }) => `left-menu__item${isActive ? ' is-active' : ''}`}
                data-tooltip={item.label}
                aria-label={isMobile ? undefined : item.label}
              >
                <Icon name={item.icon} size={22} />
                <span
                  className={isMobile ? 'left-menu__label' : 'left-menu__tooltip'}
                  role={isMobile ? undefined : 'tooltip'}
                >
                  {item.label}
                </span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
