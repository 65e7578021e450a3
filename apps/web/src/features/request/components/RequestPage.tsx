import { useQuery } from '@tanstack/react-query';
import { requestStatuses, type RequestBox, type RequestStatus } from '@teamline/contract';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import { useTabs } from '../../../components/ui/use-tabs';
import { useMembers, usePlan } from '../../../lib/planning/use-planning';
import { projectApi } from '../../../lib/project-api';
import { useProjectRealtime } from '../../../lib/planning/use-project-realtime';
import { useRequests } from '../hooks/use-requests';
import { RequestDetail } from './RequestDetail';
import { RequestFormModal } from './RequestForm';
import { RequestList } from './RequestList';
import '../request.css';
import { memberName } from '../../../lib/member-name';

const boxes = ['received', 'sent'] as const satisfies readonly RequestBox[];

/**
 * `/request/{id}`: the caller's received and sent requests in a project, a new request, one request.
 * `renderContractOffer` shows a contract request's offer (the contract feature's, from app/RequestRoute.tsx).
 */
export function RequestPage({
  renderContractOffer,
}: {
  renderContractOffer?: (projectIdx: number, requestIdx: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const projectIdx = Number(useParams().id);
  const valid = Number.isInteger(projectIdx) && projectIdx > 0;
  useProjectRealtime(valid ? projectIdx : null);
  const [box, setBox] = useState<RequestBox>('received');
  const [status, setStatus] = useState<RequestStatus | ''>('');
  const [selected, setSelected] = useState<number | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const list = useRequests(valid ? projectIdx : null, box, status);
  const { tabProps, panelProps } = useTabs(boxes, box, (b) => {
    setBox(b);
    setSelected(null);
  });
  const members = useMembers(projectIdx);
  const { plan } = usePlan(projectIdx);
  const roles = useQuery({
    queryKey: ['project', projectIdx, 'roles'],
    queryFn: () => projectApi.roles(projectIdx),
    enabled: valid,
  });
  const me = roles.data?.memberInProjectIdx;
  const nameOf = useMemo(() => {
    const names = new Map((members.data ?? []).map((m) => [m.memberInProjectIdx, m.nickname]));
    return (idx: number) => memberName(names.get(idx), t);
  }, [members.data, t]);
  const stories = useMemo(
    () => (plan ? [...plan.milestones.flatMap((m) => m.stories), ...plan.backlog] : []),
    [plan],
  );
  const storyTitleOf = useMemo(() => {
    const titles = new Map(stories.map((s) => [s.storyIdx, s.title]));
    return (storyIdx: number) => titles.get(storyIdx);
  }, [stories]);
  const unread = list.data?.unreadCount ?? 0;

  return (
    <div className="request-page">
      <div className="request-page__toolbar">
        <h2 className="request-page__heading">{t('ui.request.heading')}</h2>
        <div role="tablist" className="request-page__tabs">
          {boxes.map((b) => (
            <button
              key={b}
              type="button"
              {...tabProps(b)}
              className={`request-page__tab${box === b ? ' is-active' : ''}`}
              onClick={() => {
                setBox(b);
                setSelected(null);
              }}
            >
              {t(`ui.request.${b}`)}
              {b === 'received' && unread > 0 && (
                <span className="request-badge" aria-label={t('ui.header.requestsUnread', { count: unread })}>
                  {unread}
                </span>
              )}
            </button>
          ))}
        </div>
        <label className="request-page__filter">
          <span>{t('ui.request.statusFilter')}</span>
          <select
            className="input"
            value={status}
            onChange={(e) => setStatus(e.target.value as RequestStatus | '')}
          >
            <option value="">{t('ui.request.allStatuses')}</option>
            {requestStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`ui.request.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <Button size="small" onClick={() => setFormOpen(true)}>
          <Icon name="plus" size={16} /> {t('ui.request.newRequest')}
        </Button>
      </div>
      <div className="request-page__body">
        <section className="request-page__list" {...panelProps(box)}>
          {list.isLoading ? (
            <p role="status">{t('ui.common.loading')}</p>
          ) : list.isError ? (
            <p role="alert">{t('ui.common.loadFailed')}</p>
          ) : (
            <RequestList
              requests={list.data?.requests ?? []}
              box={box}
              nameOf={nameOf}
              selectedIdx={selected}
              onSelect={setSelected}
            />
          )}
        </section>
        {selected != null && (
          <RequestDetail
            key={selected}
            projectIdx={projectIdx}
            requestIdx={selected}
            nameOf={nameOf}
            storyTitleOf={storyTitleOf}
            wasUnread={list.data?.requests.some((r) => r.requestIdx === selected && r.unread) ?? false}
            renderContractOffer={
              renderContractOffer && ((requestIdx) => renderContractOffer(projectIdx, requestIdx))
            }
            onClose={() => setSelected(null)}
          />
        )}
      </div>
      <RequestFormModal
        projectIdx={projectIdx}
        members={(members.data ?? []).filter((m) => m.memberInProjectIdx !== me)}
        stories={stories}
        isOpen={isFormOpen}
        onClose={() => setFormOpen(false)}
        onSent={(r) => {
          setBox('sent');
          setSelected(r.requestIdx);
        }}
      />
    </div>
  );
}
