import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useEpics, useMembers } from '../../../lib/planning/use-planning';
import { planningApi, planningKeys } from '../../../lib/planning/planning-api';
import { historySentence } from '../logic/history';
import type { Plan } from '../../../lib/planning/plan';
import { memberName } from '../../../lib/member-name';

/** The readable history of a story or a milestone, newest first. */
export function HistoryList({
  projectIdx,
  kind,
  idx,
  plan,
}: {
  projectIdx: number;
  kind: 'story' | 'milestone';
  idx: number;
  plan: Plan | undefined;
}) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: planningKeys.history(projectIdx, kind, idx),
    queryFn: () => (kind === 'story' ? planningApi.storyHistory(idx) : planningApi.milestoneHistory(idx)),
  });
  const members = useMembers(projectIdx);
  const epics = useEpics(projectIdx);
  const names = useMemo(
    () => ({
      member: (i: number) => memberName(members.data?.find((m) => m.memberInProjectIdx === i)?.nickname, t),
      milestone: (i: number) => plan?.milestones.find((m) => m.milestoneIdx === i)?.title,
      epic: (i: number) => epics.data?.find((e) => e.epicIdx === i)?.label,
    }),
    [members.data, epics.data, plan, t],
  );
  const lang = useLanguage();
  return (
    <section className="dp-section" aria-labelledby={`history-${kind}-${idx}`}>
      <h3 id={`history-${kind}-${idx}`}>{t('ui.planning.history.heading')}</h3>
      {history.isLoading && (
        <span className="spinner spinner--inline" role="status" aria-label={t('ui.common.loading')} />
      )}
      {history.isError && (
        <p className="dp-muted">
          {t('ui.common.loadFailed')}{' '}
          <button type="button" className="btn-link" onClick={() => void history.refetch()}>
            {t('ui.common.retry')}
          </button>
        </p>
      )}
      {history.data?.length === 0 && <p className="dp-muted">{t('ui.planning.history.empty')}</p>}
      <ol className="history-list" data-testid="history-list">
        {history.data?.map((item) => (
          <li key={item.historyIdx} data-type={item.type}>
            <span className="history-list__text">{historySentence(item, t, names, lang)}</span>
            <time className="history-list__time" dateTime={item.createdAt}>
              {formatDateTime(item.createdAt, lang)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
