import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTabs } from '../../../components/ui/use-tabs';
import { projectApi } from '../../../lib/project-api';
import { contractApi, contractKeys } from '../../../lib/contract-api';
import { settlementApi, settlementKeys } from '../api/settlement-api';
import { SettlementStatement } from './SettlementStatement';
import { TeamSettlements } from './TeamSettlements';

const tabs = ['settlement', 'timeSheet'] as const;
type Tab = (typeof tabs)[number];

/** `/calculate/expert/{id}`: the caller's own settlements of the month (a lead's team's too), and their time sheet. */
export function ExpertSettlement({
  projectIdx,
  month,
  renderTimeSheet,
}: {
  projectIdx: number;
  month: string;
  /** The "Time sheet" tab's content for the caller (the timesheet feature's `TimeSheet`). */
  renderTimeSheet?: (memberInProjectIdx: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [tab, setShownTab] = useState<Tab>('settlement');
  // Hours changed in the time sheet change the month's amounts: coming back to the statement
  // refetches it rather than showing the figures from before the edit (up to the 30 s stale time).
  const setTab = (next: Tab) => {
    if (next === 'settlement' && tab !== 'settlement')
      void client.invalidateQueries({ queryKey: settlementKeys.all(projectIdx) });
    setShownTab(next);
  };
  const { tabProps, panelProps } = useTabs(tabs, tab, setTab);
  const roles = useQuery({
    queryKey: ['project', projectIdx, 'roles'],
    queryFn: () => projectApi.roles(projectIdx),
  });
  const me = roles.data?.memberInProjectIdx;
  // An admin or client offers contracts (the panel below the statement): no "ask someone" hint.
  const canOffer = roles.data?.abilities.includes('contract.offer') ?? false;
  const list = useQuery({
    queryKey: settlementKeys.list(projectIdx, month),
    queryFn: () => settlementApi.list(projectIdx, month),
  });
  const contracts = useQuery({
    queryKey: contractKeys.list(projectIdx),
    queryFn: () => contractApi.list(projectIdx),
  });
  // A team lead's list also holds the team's settlements: the caller's own first, then the team's.
  const mine = (list.data?.settlements ?? []).filter((s) => s.memberInProjectIdx === me);
  const team = (list.data?.settlements ?? []).filter((s) => s.memberInProjectIdx !== me);
  const hasContract = (contracts.data?.contracts ?? []).some(
    (c) => c.memberInProjectIdx === me && c.status !== 'rejected',
  );

  return (
    <>
      <div role="tablist" className="settlement-tabs">
        {tabs.map((key) => (
          <button
            key={key}
            type="button"
            {...tabProps(key)}
            className={`settlement-tabs__tab${tab === key ? ' is-active' : ''}`}
            onClick={() => setTab(key)}
          >
            {t(`ui.settlement.tabs.${key}`)}
          </button>
        ))}
      </div>
      {tab === 'settlement' ? (
        <section className="settlement-panel" {...panelProps('settlement')}>
          {list.isLoading || roles.isLoading ? (
            <p role="status">{t('ui.common.loading')}</p>
          ) : list.isError || roles.isError ? (
            <p role="alert">{t('ui.common.loadFailed')}</p>
          ) : mine.length === 0 ? (
            <p className="settlement-empty">
              {hasContract || contracts.isLoading
                ? t('ui.settlement.noSettlement')
                : canOffer
                  ? t('ui.settlement.noContract')
                  : `${t('ui.settlement.noContract')} ${t('ui.settlement.noContractHint')}`}
            </p>
          ) : (
            mine.map((s) => <SettlementStatement key={s.settlementIdx} projectIdx={projectIdx} summary={s} />)
          )}
          {list.data && me != null && <TeamSettlements projectIdx={projectIdx} team={team} />}
        </section>
      ) : (
        <section className="settlement-panel" {...panelProps('timeSheet')}>
          {me != null && renderTimeSheet?.(me)}
        </section>
      )}
    </>
  );
}
