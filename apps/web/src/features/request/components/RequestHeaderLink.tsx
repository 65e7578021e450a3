import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/Icon';
import { useRequests } from '../hooks/use-requests';
import '../request.css';

/** The header's way to the requests of the selected project, with the count of unread received ones. */
export function RequestHeaderLink({ projectIdx }: { projectIdx: number }) {
  const { t } = useTranslation();
  // The page's default list: the same query, so opening the page costs nothing more.
  const unread = useRequests(projectIdx, 'received').data?.unreadCount ?? 0;
  return (
    <Link
      to={`/request/${projectIdx}`}
      className="icon-btn request-header-link"
      data-testid="request-link"
      aria-label={
        unread > 0
          ? `${t('ui.header.requests')} (${t('ui.header.requestsUnread', { count: unread })})`
          : t('ui.header.requests')
      }
    >
      <Icon name="mail" size={20} />
      {unread > 0 && (
        <span className="request-badge" aria-hidden="true">
          {unread}
        </span>
      )}
    </Link>
  );
}
