import { formatMonth, type Language, type Notification } from '@teamline/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { formatRelative } from '../../../lib/format';
import { loadUiAreas } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language';
import type { NotificationBellViewProps } from './NotificationBellView';

/**
 * The texts the panel needs (each kind's wording, the list's states): fetched with the panel's chunk
 * the first time the bell opens, so pages do not wait for them (docs/decisions.md › Performance).
 */
export const loadPanelTexts = () => loadUiAreas(['notification']);

/** The bell's dropdown: the member's notices with links into the app, mark read, more. */
export function NotificationPanel(props: Omit<NotificationBellViewProps, 'open' | 'onToggle'>) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { unreadCount, items, status } = props;
  return (
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
      {status === 'loading' && <p className="notification-panel__state">{t('ui.notification.loading')}</p>}
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
  );
}

/** A notice's title and body in the current language (a month is written that language's way). */
function noticeText(t: TFunction, lang: Language, n: Pick<Notification, 'kind' | 'params'>) {
  const values = {
    ...n.params,
    ...(n.params.month ? { month: formatMonth(String(n.params.month), lang) } : {}),
  };
  const base = `ui.notification.kinds.${n.kind}`;
  return {
    title: t(`${base}.title`, { ...values, defaultValue: n.kind }),
    body: t(`${base}.body`, { ...values, defaultValue: '' }),
  };
}
