import type { CalendarFeed } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { FeedUrlDialog } from './FeedUrlDialog';
import { useCalendarFeeds } from './use-calendar-feeds';
import './calendar.css';

/**
 * Profile › Calendar (issue 34, docs/product/integrations.md#calendar-feeds): the member's own feed
 * address (make, make anew, revoke) and their project feeds (made from a project's timeline). An
 * address is shown once, when made, with a copy button.
 */
export function CalendarSection() {
  const { t } = useTranslation();
  const feeds = useCalendarFeeds();
  const { query } = feeds;
  const mine = query.data?.find((feed) => feed.kind === 'member');
  const projects = query.data?.filter((feed) => feed.kind === 'project') ?? [];
  const nameOf = (feed: CalendarFeed) =>
    feed.kind === 'member'
      ? t('ui.calendar.myFeed')
      : t('ui.calendar.projectFeed', { project: feed.projectName ?? `#${feed.projectIdx}` });

  return (
    <section
      id="calendar"
      className="card section calendar-feeds"
      aria-labelledby="calendar-section"
      data-testid="calendar-section"
    >
      <h3 id="calendar-section" className="section__title">
        {t('ui.calendar.heading')}
      </h3>
      <p className="muted">{t('ui.calendar.intro')}</p>
      {query.isPending ? (
        <p className="muted" role="status">
          {t('ui.calendar.loading')}
        </p>
      ) : query.isError ? (
        <div role="alert">
          <p>{t('ui.calendar.error')}</p>
          <Button size="medium" variant="outline" onClick={() => void query.refetch()}>
            {t('ui.common.retry')}
          </Button>
        </div>
      ) : (
        <>
          <div className="calendar-feeds__group">
            <p className="calendar-feeds__label">{t('ui.calendar.myFeed')}</p>
            {mine ? (
              <ul className="calendar-list">
                <FeedRow
                  feed={mine}
                  name={nameOf(mine)}
                  isBusy={feeds.create.isPending || feeds.revoke.isPending}
                  onRotate={() => void feeds.make(null, mine)}
                  onRevoke={() => void feeds.remove(mine, nameOf(mine))}
                />
              </ul>
            ) : (
              <div className="calendar-row">
                <p className="calendar-row__main muted" data-testid="calendar-empty">
                  {t('ui.calendar.noFeed')}
                </p>
                <Button
                  size="medium"
                  isLoading={feeds.create.isPending}
                  onClick={() => void feeds.make(null, undefined)}
                  data-testid="calendar-make"
                >
                  {t('ui.calendar.make')}
                </Button>
              </div>
            )}
          </div>
          <div className="calendar-feeds__group">
            <p className="calendar-feeds__label">{t('ui.calendar.projectFeeds')}</p>
            {projects.length === 0 ? (
              <p className="muted">{t('ui.calendar.noProjectFeeds')}</p>
            ) : (
              <ul className="calendar-list">
                {projects.map((feed) => (
                  <FeedRow
                    key={feed.calendarIdx}
                    feed={feed}
                    name={nameOf(feed)}
                    isBusy={feeds.create.isPending || feeds.revoke.isPending}
                    onRotate={() => void feeds.make(feed.projectIdx, feed)}
                    onRevoke={() => void feeds.remove(feed, nameOf(feed))}
                  />
                ))}
              </ul>
            )}
          </div>
        </>
      )}
      {feeds.url && <FeedUrlDialog url={feeds.url} onClose={feeds.closeUrl} />}
    </section>
  );
}

function FeedRow({
  feed,
  name,
  isBusy,
  onRotate,
  onRevoke,
}: {
  feed: CalendarFeed;
  name: string;
  isBusy: boolean;
  onRotate: () => void;
  onRevoke: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <li className="calendar-row" data-testid="calendar-row">
      <div className="calendar-row__main">
        <p className="calendar-row__name">{name}</p>
        <p className="calendar-row__meta muted">
          {t('ui.calendar.created', { time: formatDateTime(feed.createdAt, lang) })}
          {' · '}
          {feed.lastFetchedAt
            ? t('ui.calendar.lastFetched', { time: formatDateTime(feed.lastFetchedAt, lang) })
            : t('ui.calendar.neverFetched')}
        </p>
      </div>
      <div className="calendar-row__actions">
        <Button variant="outline" size="small" disabled={isBusy} onClick={onRotate}>
          {t('ui.calendar.rotate')}
        </Button>
        <Button
          variant="outline"
          size="small"
          disabled={isBusy}
          onClick={onRevoke}
          aria-label={t('ui.calendar.revokeLabel', { name })}
        >
          {t('ui.calendar.revoke')}
        </Button>
      </div>
    </li>
  );
}
