import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLogout } from '../use-logout';
import { useModeSwitch } from '../use-mode-switch';
import { Avatar } from '../../components/ui/Avatar';
import { Icon } from '../../components/ui/Icon';
import { useOutsideMousedown } from '../../lib/use-outside-mousedown';
import { useProfileStore } from '../../stores/profile-store';
import { useRoleStore } from '../../stores/role-store';

/** docs/product/i18n-and-modes.md#header: avatar and nickname; dropdown with profile, logout and the mode tag. */
export function UserBox() {
  const { t } = useTranslation();
  const profile = useProfileStore((s) => s.profile);
  const isClient = useRoleStore((s) => s.isClient);
  const [isOpen, setIsOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const handleClose = useCallback(() => setIsOpen(false), []);
  useOutsideMousedown(ref, isOpen, handleClose);
  const switchMode = useModeSwitch();
  const logout = useLogout();
  const modeLabel = t(isClient ? 'ui.header.modeClient' : 'ui.header.modeProfessional');

  return (
    <div className="dropdown user-box" ref={ref}>
      <button
        type="button"
        className="user-box__button"
        data-testid="user-box"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-label={`${t('ui.header.userMenu')}: ${profile?.nickname ?? ''}`}
        onClick={() => setIsOpen((v) => !v)}
      >
        <Avatar
          nickname={profile?.nickname}
          fileIdx={profile?.profileFileIdx}
          colorCode={profile?.colorCode}
          size={32}
        />
        <span className="user-box__nickname">{profile?.nickname ?? '…'}</span>
        <span className={`mode-pill ${isClient ? 'mode-pill--client' : 'mode-pill--pro'}`}>{modeLabel}</span>
        <Icon name="chevronDown" />
      </button>
      {isOpen && (
        <div
          className="dropdown__menu dropdown__menu--right"
          role="menu"
          aria-label={t('ui.header.userMenu')}
        >
          <button
            type="button"
            role="menuitem"
            className={`dropdown__item mode-tag ${isClient ? 'mode-tag--client' : 'mode-tag--pro'}`}
            data-testid="mode-tag"
            aria-label={t('ui.header.switchTo', { mode: modeLabel })}
            onClick={() => {
              setIsOpen(false);
              void switchMode();
            }}
          >
            <span className="mode-tag__label">{modeLabel}</span>
            <span aria-hidden="true">⇄</span>
          </button>
          <Link role="menuitem" className="dropdown__item" to="/profile" onClick={() => setIsOpen(false)}>
            <Icon name="user" /> {t('ui.header.profile')}
          </Link>
          <button
            type="button"
            role="menuitem"
            className="dropdown__item"
            onClick={() => {
              setIsOpen(false);
              void logout();
            }}
          >
            {t('ui.header.logout')}
          </button>
        </div>
      )}
    </div>
  );
}
