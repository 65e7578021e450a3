import type { Notification } from '@teamline/contract';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { useOutsideMousedown } from '../../../lib/use-outside-mousedown';
import '../notification.css';

/** The panel's code and texts, fetched together; started early when the pointer or focus reaches the bell. */
const loadPanel = () =>
  import('./NotificationPanel').then(async (module) => {
    await module.loadPanelTexts();
    return { default: module.NotificationPanel };
  });
const NotificationPanel = lazy(loadPanel);

export interface NotificationBellViewProps {
  open: boolean;
  onToggle: (open: boolean) => void;
  unreadCount: number;
  items: Notification[];
  status: 'loading' | 'error' | 'ready';
  hasMore: boolean;
  onMore: () => void;
  /** Marks it read and follows its link (if any). */
  onOpenItem: (item: Notification) => void;
  onMarkRead: (item: Notification) => void;
  onMarkAll: () => void;
}

/** The header bell: unread count, and a dropdown of the member's notices with links into the app. */
export function NotificationBellView(props: NotificationBellViewProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const { open, onToggle, unreadCount } = props;
  useOutsideMousedown(ref, open, () => onToggle(false));
  return (
    <div className="notification-bell" ref={ref}>
      <button
        type="button"
        className="icon-btn notification-bell__button"
        data-testid="notification-bell"
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={
          unreadCount > 0
            ? t('ui.header.notificationsUnread', { count: unreadCount })
            : t('ui.header.notifications')
        }
        onClick={() => onToggle(!open)}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
      >
        <Icon name="bell" size={20} />
        {unreadCount > 0 && (
          <span className="notification-badge" data-testid="notification-count" aria-hidden="true">
            {unreadCount > 99 ? '99+' : unreadCount}
          </span>
        )}
      </button>
      {open && (
        <Suspense
          fallback={
            <div
              className="notification-panel"
              role="dialog"
              aria-busy="true"
              aria-label={t('ui.header.notifications')}
            >
              <p className="notification-panel__state">{t('ui.common.loading')}</p>
            </div>
          }
        >
          <NotificationPanel {...props} />
        </Suspense>
      )}
    </div>
  );
}
