import { AVATAR_POPUP_SIZE, type PublicProfile } from '@teamline/contract';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatThousandWon } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { Avatar } from '../../../components/ui/Avatar';
import { Icon } from '../../../components/ui/Icon';
import { useOutsideMousedown } from '../../../lib/use-outside-mousedown';

type PopupProfile = Omit<PublicProfile, 'memberId' | 'nationality' | 'photo' | 'lang'> &
  Partial<Pick<PublicProfile, 'lang'>>;

/** Spec §2 "Profile view popup". Admin-only fields show only when isAdmin and the server sent them. */
export function ProfileViewPopup({
  profile,
  isAdmin,
  onClose,
}: {
  profile: PopupProfile;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  // Spec §2: null or undefined free-lancer flag reads as freelancer, anything else full-time.
  const workType = profile.isFree == null ? t('ui.popup.freelancer') : t('ui.popup.fullTime');
  return (
    <div
      className="profile-popup card"
      role="dialog"
      aria-label={t('ui.popup.title', { nickname: profile.nickname })}
    >
      <button
        type="button"
        className="icon-btn profile-popup__close"
        onClick={onClose}
        aria-label={t('ui.common.close')}
      >
        <Icon name="close" />
      </button>
      <div className="profile-popup__head">
        <Avatar
          nickname={profile.nickname}
          fileIdx={profile.profileFileIdx}
          colorCode={profile.colorCode}
          size={AVATAR_POPUP_SIZE}
        />
        <div>
          <p className="profile-popup__nickname">{profile.nickname}</p>
          <p className="profile-popup__color">
            <span className="swatch" style={{ background: profile.colorCode }} aria-hidden="true" />
            <span className="visually-hidden">{t('ui.popup.color')}</span>
            {profile.colorCode}
          </p>
        </div>
      </div>
      <dl className="facts">
        <div>
          <dt>{t('ui.popup.job')}</dt>
          <dd>{profile.job || '—'}</dd>
        </div>
        <div>
          <dt>{t('ui.popup.workType')}</dt>
          <dd>{workType}</dd>
        </div>
        {isAdmin && (
          <>
            <div>
              <dt>{t('ui.popup.email')}</dt>
              <dd>{profile.email ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('ui.popup.name')}</dt>
              <dd>{profile.name ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('ui.popup.phone')}</dt>
              <dd>{profile.phone ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('ui.popup.birth')}</dt>
              <dd>{formatDate(profile.birth, lang) || '—'}</dd>
            </div>
            <div>
              <dt>{t('ui.popup.gender')}</dt>
              <dd>
                {profile.gender ? t(profile.gender === 'M' ? 'ui.popup.male' : 'ui.popup.female') : '—'}
              </dd>
            </div>
            <div>
              <dt>{t('ui.popup.hopePrice')}</dt>
              <dd>
                {profile.hopePrice != null
                  ? t('ui.popup.hopePriceValue', {
                      value: formatThousandWon(profile.hopePrice, lang),
                    })
                  : '—'}
              </dd>
            </div>
          </>
        )}
      </dl>
      <h4>{t('ui.popup.careers')}</h4>
      {profile.career.length === 0 ? (
        <p className="muted">{t('ui.popup.noCareers')}</p>
      ) : (
        <ul className="career-list">
          {profile.career.map((c, i) => (
            <li key={i}>
              <p className="career-list__period">
                {formatDate(c.startDt, lang)} ~ {formatDate(c.endDt, lang)}
              </p>
              <p>
                <strong>{c.company}</strong> {c.level}
                {c.salary != null && (
                  <span className="muted">
                    {' '}
                    · {t('ui.popup.salary', { value: formatThousandWon(c.salary, lang) })}
                  </span>
                )}
              </p>
              {c.description && <p className="career-list__description">{c.description}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** An avatar that toggles the profile popup when clicked (spec §2). */
export function AvatarWithPopup({
  profile,
  isAdmin,
  size,
}: {
  profile: PopupProfile;
  isAdmin: boolean;
  size?: number;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const handleClose = useCallback(() => setIsOpen(false), []);
  useOutsideMousedown(ref, isOpen, handleClose);
  return (
    <div className="avatar-popup" ref={ref}>
      <button
        type="button"
        className="avatar-popup__button"
        aria-expanded={isOpen}
        aria-label={t('ui.popup.open', { nickname: profile.nickname })}
        onClick={() => setIsOpen((v) => !v)}
      >
        <Avatar
          nickname={profile.nickname}
          fileIdx={profile.profileFileIdx}
          colorCode={profile.colorCode}
          size={size}
        />
      </button>
      {isOpen && <ProfileViewPopup profile={profile} isAdmin={isAdmin} onClose={handleClose} />}
    </div>
  );
}
