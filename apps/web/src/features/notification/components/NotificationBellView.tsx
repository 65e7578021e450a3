import type { Notification } from '@teamline/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { formatRelative } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useOutsideMousedown } from '../../../lib/use-outside-mousedown';
import { noticeText } from './notification-text';
import '../notification.css';

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
  const lang = useLanguage();
  const ref = useRef<HTMLDivElement>(null);
  const { open, onToggle, unreadCount, items, status } = props;
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
            ? t('ui.notification.bellUnread', { count: unreadCount })
            : t('ui.notification.bell')
        }
        onClick={() => onToggle(!open)}
      >
        <Icon name="bell" size={20} />
        {unreadCount > 0 && (
          <span className="notification-badge" data-testid="notification-count" aria-hidden="true">
            {unreadCount > 99 ? '99+' : unreadCount}
          </span>
        )}
      </button>
      {open && (
        <div className="notification-panel" role="dialog" aria-label={t('ui.notification.title')}>
          <div className="notification-panel__head">
            <strong>{t('ui.notification.title')}</strong>
            <button
              type="button"
              className="btn btn--small"
              onClick={props.onMarkAll}
              disabled={unreadCount === 0}
            >
              {t('ui.notification.markAllRead')}
            </button>
          </div>
          {status === 'loading' && (
            <p className="notification-panel__state">{t('ui.notification.loading')}</p>
          )}
          {status === 'error' && (
            <p className="notification-panel__state" role="alert">
              {t('ui.notification.error')}
            </p>
          )}
          {status === 'ready' && items.length === 0 && (
            <p className="notification-panel__state">{t('ui.notification.empty')}</p>
          )}
          {items.length > 0 && (
            <ul className="notification-list">
              {items.map((item) => {
                const { title, body } = noticeText(t, lang, item);
                const unread = !item.readAt;
                return (
                  <li
                    key={item.notificationIdx}
                    className={`notification-item${unread ? ' notification-item--unread' : ''}`}
                    data-testid="notification-item"
                  >
                    <button
                      type="button"
                      className="notification-item__main"
                      onClick={() => props.onOpenItem(item)}
                    >
                      <span className="notification-item__title">
                        {unread && <span className="visually-hidden">{t('ui.notification.unread')}: </span>}
                        {title}
                      </span>
                      {body && <span className="notification-item__body">{body}</span>}
                      <time className="notification-item__time" dateTime={item.createdAt}>
                        {formatRelative(item.createdAt, lang)}
                      </time>
                    </button>
                    {unread && (
                      <button
                        type="button"
                        className="notification-item__read"
                        aria-label={t('ui.notification.markRead')}
                        title={t('ui.notification.markRead')}
                        onClick={() => props.onMarkRead(item)}
                      >
                        <Icon name="check" size={16} />
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          {props.hasMore && (
            <button type="button" className="btn btn--small notification-panel__more" onClick={props.onMore}>
              {t('ui.notification.more')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
