import { useQuery } from '@tanstack/react-query';
import { AVATAR_POPUP_SIZE, type PublicProfile } from '@teamline/contract';
import {
  lazy,
  Suspense,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/ui/Avatar';
import { Icon } from '../../components/ui/Icon';
import { formatDate, formatThousandWon } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { useOutsideMousedown } from '../../lib/use-outside-mousedown';
import { memberProfileApi } from '../../lib/member-profile-api';

/** The reviews part comes as its own chunk with its texts, when a popup first shows it. */
const ReviewSection = lazy(() => import('../../features/review/components/ReviewSection'));

type PopupProfile = Omit<PublicProfile, 'memberId' | 'nationality' | 'photo' | 'lang'> &
  Partial<Pick<PublicProfile, 'lang'>>;

/** The popup's dialog box and close button, around a profile or its loading state. */
function PopupFrame({
  nickname,
  onClose,
  style,
  isBusy,
  children,
}: {
  nickname: string;
  onClose: () => void;
  style?: CSSProperties;
  isBusy?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="profile-popup card"
      role="dialog"
      aria-label={t('ui.popup.title', { nickname })}
      aria-busy={isBusy}
      style={style}
    >
      <button
        type="button"
        className="icon-btn profile-popup__close"
        onClick={onClose}
        aria-label={t('ui.common.close')}
      >
        <Icon name="close" />
      </button>
      {children}
    </div>
  );
}

/**
 * docs/product/projects-and-membership.md#profile-visibility. The admin-only block (e-mail, name, phone, birth, gender, daily rate)
 * shows when the server sent it (`contactVisible`: the viewer is the member or an admin of a shared
 * project); the server leaves those fields out for everyone else.
 */
export function ProfileViewPopup({
  profile,
  onClose,
  style,
  showReviews = true,
}: {
  profile: PopupProfile;
  onClose: () => void;
  style?: CSSProperties;
  /** The member's reviews and "별점 주기" (issue 16); off where no query client is around (tests). */
  showReviews?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  // docs/product/projects-and-membership.md#profile-visibility: null or undefined free-lancer flag reads as freelancer, anything else full-time.
  const workType = profile.isFree == null ? t('ui.popup.freelancer') : t('ui.popup.fullTime');
  return (
    <PopupFrame nickname={profile.nickname} onClose={onClose} style={style}>
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
        {profile.contactVisible && (
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
      {showReviews && (
        <Suspense
          fallback={
            <span className="spinner spinner--inline" role="status" aria-label={t('ui.common.loading')} />
          }
        >
          <ReviewSection memberIdx={profile.memberIdx} nickname={profile.nickname} />
        </Suspense>
      )}
    </PopupFrame>
  );
}

const POPUP_WIDTH = 360;
const MARGIN = 8;

/**
 * Where the popup goes: under the avatar (above it when there is no room below), kept inside the
 * window. It is fixed to the viewport and rendered in <body>, so a scrolling list or a table that
 * clips its content (the timeline, the dashboard) does not cut it off.
 */
function placeNear(anchor: HTMLElement | null): CSSProperties {
  if (!anchor) return {};
  const rect = anchor.getBoundingClientRect();
  const width = Math.min(POPUP_WIDTH, window.innerWidth - 2 * MARGIN);
  const left = Math.min(Math.max(MARGIN, rect.left), window.innerWidth - width - MARGIN);
  const below = window.innerHeight - rect.bottom;
  return below >= 320 || below >= rect.top
    ? { position: 'fixed', left, top: rect.bottom + MARGIN, width, maxHeight: below - 2 * MARGIN }
    : {
        position: 'fixed',
        left,
        bottom: window.innerHeight - rect.top + MARGIN,
        width,
        maxHeight: rect.top - 2 * MARGIN,
      };
}

/** The avatar button and the popup it toggles (docs/product/projects-and-membership.md#profile-visibility: a click opens it, another closes it). */
function AvatarToggle({
  nickname,
  fileIdx,
  colorCode,
  size,
  children,
}: {
  nickname: string;
  fileIdx: number | null;
  colorCode: string;
  size?: number | undefined;
  children: (close: () => void, style: CSSProperties) => ReactNode;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [style, setStyle] = useState<CSSProperties>({});
  const ref = useRef<HTMLDivElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const handleClose = useCallback(() => setIsOpen(false), []);
  useOutsideMousedown(ref, isOpen, handleClose, popupRef);
  useLayoutEffect(() => {
    if (!isOpen) return;
    const place = () => setStyle(placeNear(buttonRef.current));
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [isOpen]);
  return (
    <div className="avatar-popup" ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        className="avatar-popup__button"
        aria-expanded={isOpen}
        aria-haspopup="dialog"
        aria-label={t('ui.popup.open', { nickname })}
        onClick={() => setIsOpen((v) => !v)}
      >
        <Avatar nickname={nickname} fileIdx={fileIdx} colorCode={colorCode} size={size} />
      </button>
      {isOpen && createPortal(<div ref={popupRef}>{children(handleClose, style)}</div>, document.body)}
    </div>
  );
}

/** An avatar of a profile already at hand (one's own, on the profile page). */
export function AvatarWithPopup({ profile, size }: { profile: PopupProfile; size?: number }) {
  return (
    <AvatarToggle
      nickname={profile.nickname}
      fileIdx={profile.profileFileIdx}
      colorCode={profile.colorCode}
      size={size}
    >
      {(close, style) => <ProfileViewPopup profile={profile} onClose={close} style={style} />}
    </AvatarToggle>
  );
}

/**
 * Any member's avatar (member lists, assignees, workload): a click loads the profile from
 * GET /member/profile, which sends the admin-only fields only to admins of a shared project.
 */
export function MemberAvatar({
  memberIdx,
  nickname,
  profileFileIdx,
  colorCode,
  size,
}: {
  memberIdx: number;
  nickname: string;
  profileFileIdx: number | null;
  colorCode: string;
  size?: number;
}) {
  return (
    <AvatarToggle nickname={nickname} fileIdx={profileFileIdx} colorCode={colorCode} size={size}>
      {(close, style) => (
        <LoadedProfile memberIdx={memberIdx} nickname={nickname} onClose={close} style={style} />
      )}
    </AvatarToggle>
  );
}

function LoadedProfile({
  memberIdx,
  nickname,
  onClose,
  style,
}: {
  memberIdx: number;
  nickname: string;
  onClose: () => void;
  style: CSSProperties;
}) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['member', 'profile', memberIdx],
    queryFn: () => memberProfileApi.profileOf(String(memberIdx)),
    staleTime: 60_000,
  });
  if (query.data) return <ProfileViewPopup profile={query.data} onClose={onClose} style={style} />;
  return (
    <PopupFrame nickname={nickname} onClose={onClose} style={style} isBusy={query.isLoading}>
      {query.isError ? (
        <p role="alert">{t('ui.common.loadFailed')}</p>
      ) : (
        <span className="spinner spinner--inline" role="status" aria-label={t('ui.common.loading')} />
      )}
    </PopupFrame>
  );
}
