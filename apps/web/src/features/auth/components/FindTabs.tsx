import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

export function FindTabs() {
  const { t } = useTranslation();
  return (
    <nav className="tabs" aria-label={t('ui.login.findAccount')}>
      <NavLink to="/find/id" className={({ isActive }) => `tabs__tab${isActive ? ' is-active' : ''}`}>
        {t('ui.find.idTab')}
      </NavLink>
      <NavLink to="/find/password" className={({ isActive }) => `tabs__tab${isActive ? ' is-active' : ''}`}>
        {t('ui.find.passwordTab')}
      </NavLink>
    </nav>
  );
}
