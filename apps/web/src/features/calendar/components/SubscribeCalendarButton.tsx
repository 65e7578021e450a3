import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { FeedUrlDialog } from './FeedUrlDialog';
import { useCalendarFeeds } from './use-calendar-feeds';
import './calendar.css';

/**
 * The timeline's "Subscribe in calendar": makes the caller's address for this project's feed
 * (milestones and story due dates), or a new one in place of theirs, and shows it once.
 */
export function SubscribeCalendarButton({ projectIdx }: { projectIdx: number }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button size="small" variant="outline" onClick={() => setIsOpen(true)} data-testid="calendar-subscribe">
        {t('ui.calendar.subscribe')}
      </Button>
      {isOpen && <SubscribeDialog projectIdx={projectIdx} onClose={() => setIsOpen(false)} />}
    </>
  );
}

function SubscribeDialog({ projectIdx, onClose }: { projectIdx: number; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const feeds = useCalendarFeeds();
  const existing = feeds.query.data?.find((feed) => feed.projectIdx === projectIdx);
  if (feeds.url) return <FeedUrlDialog url={feeds.url} onClose={onClose} />;
  return (
    <Modal
      title={t('ui.calendar.subscribe')}
      isOpen
      onClose={onClose}
      onConfirm={() => void feeds.make(projectIdx, existing)}
      confirmText={existing ? t('ui.calendar.rotate') : t('ui.calendar.subscribeMake')}
      isConfirmLoading={feeds.create.isPending}
      size="small"
    >
      <p>{t('ui.calendar.subscribeIntro')}</p>
      {feeds.query.isPending ? (
        <p className="muted" role="status">
          {t('ui.calendar.loading')}
        </p>
      ) : feeds.query.isError ? (
        <p role="alert">{t('ui.calendar.error')}</p>
      ) : existing ? (
        <p className="muted">
          {t('ui.calendar.subscribeExisting', { time: formatDateTime(existing.createdAt, lang) })}
        </p>
      ) : null}
      <p>
        <Link to="/profile" onClick={onClose}>
          {t('ui.calendar.manage')}
        </Link>
      </p>
    </Modal>
  );
}
