import {
  UPCOMING_DAYS,
  type ActivityItem,
  type DashboardMilestone,
  type DashboardResponse,
  type DeadlineItem,
  type Language,
} from '@teamline/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDate, formatNumberLocal } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useProjectRealtime } from '../../realtime/use-project-realtime';
import { useDashboard } from '../hooks/use-dashboard';
import {
  activityTypeKey,
  formatHours,
  formatPercent,
  formatRelative,
  statusColor,
  timelineHref,
} from '../logic/dashboard-logic';
import { BurnChart, StatusDonut } from './DashboardCharts';
import '../dashboard.css';
import { StatusBadge } from '../../../components/StatusBadge';
import { MemberAvatar } from '../../member/components/ProfileViewPopup';

const MILESTONES_SHOWN = 8;

export function DashboardPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const projectIdx = Number(id) > 0 ? Number(id) : null;
  // Planning events of this project refetch the dashboard (its key is under the planning prefix).
  const live = useProjectRealtime(projectIdx);
  const query = useDashboard(projectIdx);
  const lang = currentLanguage();

  if (query.isPending) return <DashboardSkeleton label={t('ui.dashboard.loading')} />;
  if (query.isError) {
    return (
      <div className="page">
        <div className="card state-card" role="alert" data-testid="dashboard-error">
          <h2>{t('ui.dashboard.loadFailed')}</h2>
          <p className="muted">{t(`errors.${errorCodeOf(query.error)}`)}</p>
          <Button variant="outline" size="medium" onClick={() => void query.refetch()}>
            {t('ui.common.retry')}
          </Button>
        </div>
      </div>
    );
  }
  const d = query.data;
  return (
    <div className="page dash" data-testid="dashboard">
      <div className="dash__head">
        <h2 className="page__title">{d.projectName}</h2>
        <span className="muted">
          {t('ui.dashboard.asOf', { date: formatDate(d.today, lang) })}
          {live !== 'connecting' && (
            <>
              {' · '}
              <span
                className={`dash-live dash-live--${live === 'open' ? 'on' : 'off'}`}
                data-testid="dashboard-live"
              >
                {live === 'open' ? t('ui.dashboard.live') : t('ui.dashboard.reconnecting')}
              </span>
            </>
          )}
        </span>
      </div>
      {d.totals.storyCount === 0 && d.totals.milestoneCount === 0 ? (
        <EmptyDashboard projectIdx={d.projectIdx} />
      ) : (
        <DashboardBody d={d} lang={lang} />
      )}
    </div>
  );
}

function EmptyDashboard({ projectIdx }: { projectIdx: number }) {
  const { t } = useTranslation();
  return (
    <div className="card state-card" data-testid="dashboard-empty">
      <h2>{t('ui.dashboard.empty.title')}</h2>
      <p className="muted">{t('ui.dashboard.empty.body')}</p>
      <Link className="btn btn--green btn--medium" to={`/timeline/${projectIdx}`}>
        {t('ui.dashboard.empty.action')}
      </Link>
    </div>
  );
}

function DashboardSkeleton({ label }: { label: string }) {
  return (
    <div className="page dash" aria-busy="true" aria-label={label}>
      <div className="dash-kpis">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="card dash-kpi dash-skeleton" />
        ))}
      </div>
      <div className="dash-grid">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="card dash-card dash-skeleton dash-skeleton--tall" />
        ))}
      </div>
    </div>
  );
}

function DashboardBody({ d, lang }: { d: DashboardResponse; lang: Language }) {
  const { t } = useTranslation();
  const hours = (minutes: number) => t('ui.dashboard.hours', { value: formatHours(minutes, lang) });
  const progress = (
    <Kpi
      id="progress"
      label={t('ui.dashboard.kpi.progress')}
      value={formatPercent(d.totals.progress, lang)}
      hint={t('ui.dashboard.kpi.progressHint', {
        done: formatNumberLocal(d.totals.completedStoryCount, lang),
        total: formatNumberLocal(
          d.storiesByStatus
            .filter((s) => s.status !== 'considering' && s.status !== 'rejected')
            .reduce((a, s) => a + s.count, 0),
          lang,
        ),
      })}
      bar={d.totals.progress}
    />
  );
  const delayed = (
    <Kpi
      id="delayed"
      label={t('ui.dashboard.kpi.delayed')}
      value={formatNumberLocal(d.delayed.total, lang)}
      hint={t('ui.dashboard.kpi.delayedHint')}
      tone={d.delayed.total > 0 ? 'danger' : undefined}
    />
  );
  const upcoming = (
    <Kpi
      id="upcoming"
      label={t('ui.dashboard.kpi.upcoming')}
      value={formatNumberLocal(d.upcoming.total, lang)}
      hint={t('ui.dashboard.kpi.upcomingHint', { days: UPCOMING_DAYS })}
    />
  );

  return (
    <>
      {d.approvals ? (
        <div className="dash-kpis">
          {progress}
          <Kpi
            id="approvals"
            label={t('ui.dashboard.kpi.approvals')}
            value={formatNumberLocal(d.approvals.length, lang)}
            hint={t('ui.dashboard.kpi.approvalsHint')}
            tone={d.approvals.length > 0 ? 'warning' : undefined}
          />
          {delayed}
          {upcoming}
        </div>
      ) : (
        <div className="dash-kpis">
          <Kpi
            id="my-open"
            label={t('ui.dashboard.kpi.myOpen')}
            value={formatNumberLocal(d.mine?.openStoryCount ?? 0, lang)}
          />
          <Kpi
            id="my-hours"
            label={t('ui.dashboard.kpi.myHours')}
            value={hours(d.mine?.minutesThisWeek ?? 0)}
          />
          {progress}
          {delayed}
        </div>
      )}

      <div className="dash-grid">
        {d.approvals && (
          <>
            <Card title={t('ui.dashboard.sections.approvals')} testId="approvals">
              {d.approvals.length === 0 ? (
                <p className="muted">{t('ui.dashboard.approvals.empty')}</p>
              ) : (
                <ul className="dash-list">
                  {d.approvals.map((m) => (
                    <li key={m.milestoneIdx} className="dash-list__row">
                      <div className="dash-list__main">
                        <span className="dash-list__title">{m.title}</span>
                        <MilestoneMeta m={m} lang={lang} />
                      </div>
                      <Link
                        className="btn btn--green btn--small"
                        to={`/timeline/${d.projectIdx}?selectedMilestone=${m.milestoneIdx}`}
                      >
                        {t('ui.dashboard.approvals.review')}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            <Card title={t('ui.dashboard.sections.spend')} testId="spend">
              <p className="dash-unavailable">
                <strong>{t('ui.dashboard.spend.notAvailable')}</strong>
                <span className="muted">{t('ui.dashboard.spend.notAvailableBody')}</span>
              </p>
            </Card>
          </>
        )}
        {d.mine && (
          <Card title={t('ui.dashboard.sections.mine')} testId="mine" wide>
            {d.mine.stories.length === 0 ? (
              <p className="muted">{t('ui.dashboard.mine.empty')}</p>
            ) : (
              <ul className="dash-list">
                {d.mine.stories.map((s) => (
                  <li key={s.storyIdx} className="dash-list__row">
                    <div className="dash-list__main">
                      <Link
                        className="dash-list__title"
                        to={`/timeline/${d.projectIdx}?selectedStory=${s.storyIdx}`}
                      >
                        {s.title}
                      </Link>
                      {s.endDt && (
                        <span className="muted dash-small">
                          {t('ui.dashboard.deadlines.due', { date: formatDate(s.endDt, lang) })}
                        </span>
                      )}
                    </div>
                    <StatusBadge status={s.status} />
                  </li>
                ))}
              </ul>
            )}
            {d.mine.openStoryCount > d.mine.stories.length && (
              <p className="muted dash-small">
                {t('ui.dashboard.deadlines.more', {
                  count: d.mine.openStoryCount - d.mine.stories.length,
                })}
              </p>
            )}
          </Card>
        )}

        <Card title={t('ui.dashboard.sections.status')} testId="status">
          <div className="dash-status">
            <StatusDonut rows={d.storiesByStatus} lang={lang} />
            <ul className="dash-legend">
              {d.storiesByStatus.map((s) => (
                <li key={s.status} data-testid={`status-${s.status}`}>
                  <span className="dash-dot" style={{ background: statusColor[s.status] }} />
                  <span className="dash-legend__label">{t(`ui.status.${s.status}`)}</span>
                  <strong className="dash-legend__value">{formatNumberLocal(s.count, lang)}</strong>
                </li>
              ))}
            </ul>
          </div>
        </Card>

        <Card title={t('ui.dashboard.sections.burn')} testId="burn">
          <BurnChart burn={d.burn} endDt={d.projectEndDt} lang={lang} />
        </Card>

        <MilestonesCard d={d} lang={lang} />

        <Card title={t('ui.dashboard.sections.epics')} testId="epics">
          {d.epics.length === 0 ? (
            <p className="muted">{t('ui.dashboard.epics.empty')}</p>
          ) : (
            <ul className="dash-list">
              {d.epics.map((e) => (
                <li key={e.epicIdx} className="dash-progress-row">
                  <div className="dash-progress-row__top">
                    <span className="dash-list__title">
                      <span className="dash-dot" style={{ background: e.colorCode ?? '#9ca3af' }} />
                      {e.label}
                    </span>
                    <strong>{formatPercent(e.progress, lang)}</strong>
                  </div>
                  <Bar value={e.progress} color={e.colorCode ?? undefined} />
                  <span className="muted dash-small">
                    {e.totalPoint > 0
                      ? t('ui.dashboard.epics.points', {
                          done: formatNumberLocal(e.completedPoint, lang),
                          total: formatNumberLocal(e.totalPoint, lang),
                        })
                      : t('ui.dashboard.epics.stories', {
                          done: formatNumberLocal(e.completedStoryCount, lang),
                          total: formatNumberLocal(e.storyCount, lang),
                        })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title={t('ui.dashboard.sections.delayed')} testId="delayed">
          <DeadlineList
            items={d.delayed.items}
            total={d.delayed.total}
            empty={t('ui.dashboard.deadlines.delayedEmpty')}
            projectIdx={d.projectIdx}
            lang={lang}
          />
        </Card>
        <Card title={t('ui.dashboard.sections.upcoming', { days: UPCOMING_DAYS })} testId="upcoming">
          <DeadlineList
            items={d.upcoming.items}
            total={d.upcoming.total}
            empty={t('ui.dashboard.deadlines.upcomingEmpty', { days: UPCOMING_DAYS })}
            projectIdx={d.projectIdx}
            lang={lang}
          />
        </Card>

        <Card title={t('ui.dashboard.sections.workload')} testId="workload">
          {d.workload.length === 0 ? (
            <p className="muted">{t('ui.dashboard.workload.empty')}</p>
          ) : (
            <table className="dash-table">
              <thead>
                <tr>
                  <th scope="col">{t('ui.dashboard.workload.member')}</th>
                  <th scope="col">{t('ui.dashboard.workload.open')}</th>
                  <th scope="col">{t('ui.dashboard.workload.hours')}</th>
                </tr>
              </thead>
              <tbody>
                {d.workload.map((w) => (
                  <tr
                    key={w.memberInProjectIdx}
                    data-testid={`workload-${w.memberInProjectIdx}`}
                    className={w.memberInProjectIdx === d.viewer.memberInProjectIdx ? 'dash-table__me' : ''}
                  >
                    <td>
                      <span className="dash-member">
                        <MemberAvatar
                          memberIdx={w.memberIdx}
                          nickname={w.nickname}
                          colorCode={w.colorCode}
                          profileFileIdx={w.profileFileIdx}
                          size={26}
                        />
                        <span className="dash-member__name">{w.nickname}</span>
                      </span>
                    </td>
                    <td className="dash-num">{formatNumberLocal(w.openStoryCount, lang)}</td>
                    <td className="dash-num">{formatHours(w.minutesThisWeek, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="dash-team-hours" data-testid="team-hours">
            <span>
              {t('ui.dashboard.kpi.teamHours')}{' '}
              <span className="muted dash-small">
                ({t('ui.dashboard.kpi.teamHoursHint', { date: formatDate(d.weekStart, lang) })})
              </span>
            </span>
            <strong>{hours(d.totals.minutesThisWeek)}</strong>
          </p>
        </Card>

        <Card title={t('ui.dashboard.sections.activity')} testId="activity">
          <ActivityFeed items={d.activity} projectIdx={d.projectIdx} lang={lang} />
        </Card>
      </div>
    </>
  );
}

function Card({
  title,
  testId,
  wide = false,
  children,
}: {
  title: string;
  testId: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`card dash-card${wide ? ' dash-card--wide' : ''}`} data-testid={`dash-${testId}`}>
      <h3 className="dash-card__title">{title}</h3>
      {children}
    </section>
  );
}

function Kpi({
  id,
  label,
  value,
  hint,
  bar,
  tone,
}: {
  id: string;
  label: string;
  value: string;
  hint?: string | undefined;
  bar?: number;
  tone?: 'danger' | 'warning' | undefined;
}) {
  return (
    <div className={`card dash-kpi${tone ? ` dash-kpi--${tone}` : ''}`} data-testid={`kpi-${id}`}>
      <span className="dash-kpi__label">{label}</span>
      <strong className="dash-kpi__value" data-testid={`kpi-${id}-value`}>
        {value}
      </strong>
      {bar !== undefined && <Bar value={bar} />}
      {hint && <span className="dash-kpi__hint muted">{hint}</span>}
    </div>
  );
}

function Bar({ value, color }: { value: number; color?: string | undefined }) {
  return (
    <span className="dash-bar" aria-hidden="true">
      <span
        className="dash-bar__fill"
        style={{ width: `${Math.min(100, Math.max(0, value))}%`, ...(color ? { background: color } : {}) }}
      />
    </span>
  );
}

function MilestoneMeta({ m, lang }: { m: DashboardMilestone; lang: Language }) {
  const { t } = useTranslation();
  return (
    <span className="muted dash-small">
      {t('ui.dashboard.milestones.stories', {
        done: formatNumberLocal(m.completedStoryCount, lang),
        total: formatNumberLocal(m.storyCount, lang),
      })}
      {' · '}
      {m.endDt
        ? t('ui.dashboard.milestones.due', { date: formatDate(m.endDt, lang) })
        : t('ui.dashboard.milestones.noEnd')}
    </span>
  );
}

function MilestonesCard({ d, lang }: { d: DashboardResponse; lang: Language }) {
  const { t } = useTranslation();
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? d.milestones : d.milestones.slice(0, MILESTONES_SHOWN);
  return (
    <Card title={t('ui.dashboard.sections.milestones')} testId="milestones">
      {d.milestones.length === 0 ? (
        <p className="muted">{t('ui.dashboard.milestones.empty')}</p>
      ) : (
        <>
          <ul className="dash-list">
            {shown.map((m) => (
              <li
                key={m.milestoneIdx}
                className="dash-progress-row"
                data-testid={`milestone-${m.milestoneIdx}`}
              >
                <div className="dash-progress-row__top">
                  <Link
                    className="dash-list__title"
                    to={`/timeline/${d.projectIdx}?selectedMilestone=${m.milestoneIdx}`}
                  >
                    {m.title}
                  </Link>
                  <StatusBadge status={m.status} />
                </div>
                <Bar value={m.storyCount ? (m.completedStoryCount / m.storyCount) * 100 : 0} />
                <MilestoneMeta m={m} lang={lang} />
              </li>
            ))}
          </ul>
          {d.milestones.length > MILESTONES_SHOWN && (
            <Button variant="ghost" size="small" onClick={() => setShowAll((v) => !v)}>
              {showAll
                ? t('ui.dashboard.milestones.showLess')
                : t('ui.dashboard.milestones.showAll', { count: d.milestones.length })}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}

function DeadlineList({
  items,
  total,
  empty,
  projectIdx,
  lang,
}: {
  items: DeadlineItem[];
  total: number;
  empty: string;
  projectIdx: number;
  lang: Language;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <>
      <ul className="dash-list">
        {items.map((item) => {
          const href = timelineHref(
            projectIdx,
            item.kind === 'story'
              ? { storyIdx: item.idx, milestoneIdx: null }
              : { storyIdx: null, milestoneIdx: item.idx },
          );
          return (
            <li key={`${item.kind}-${item.idx}`} className="dash-list__row">
              <div className="dash-list__main">
                <Link className="dash-list__title" to={href!}>
                  {item.title}
                </Link>
                <span className="muted dash-small">
                  {t(`ui.dashboard.deadlines.${item.kind}`)}
                  {item.endDt &&
                    ` · ${t('ui.dashboard.deadlines.due', { date: formatDate(item.endDt, lang) })}`}
                </span>
              </div>
              <StatusBadge status={item.status} />
            </li>
          );
        })}
      </ul>
      {total > items.length && (
        <p className="muted dash-small">
          {t('ui.dashboard.deadlines.more', { count: total - items.length })}
        </p>
      )}
    </>
  );
}

function ActivityFeed({
  items,
  projectIdx,
  lang,
}: {
  items: ActivityItem[];
  projectIdx: number;
  lang: Language;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="muted">{t('ui.dashboard.activity.empty')}</p>;
  return (
    <ul className="dash-activity">
      {items.map((a) => {
        const href = timelineHref(projectIdx, a);
        const title = a.title || t('ui.dashboard.activity.untitled');
        return (
          <li key={a.historyIdx} className="dash-activity__row">
            <span className="dash-activity__text">
              <strong>{a.actor?.nickname ?? t('ui.dashboard.activity.system')}</strong>{' '}
              {t(`ui.dashboard.activity.types.${activityTypeKey(a.type)}`, {
                status: a.status ? t(`ui.status.${a.status}`) : '',
              })}{' '}
              {href ? (
                <Link to={href}>{title}</Link>
              ) : (
                <span>
                  {title} <span className="muted">({t('ui.dashboard.activity.deletedItem')})</span>
                </span>
              )}
            </span>
            <time className="muted dash-small" dateTime={a.createdAt}>
              {formatRelative(a.createdAt, lang)}
            </time>
          </li>
        );
      })}
    </ul>
  );
}
