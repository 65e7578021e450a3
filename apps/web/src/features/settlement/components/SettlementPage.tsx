import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbilities } from '../../../lib/use-abilities';
import { ClientSettlement } from './ClientSettlement';
import { ExpertSettlement } from './ExpertSettlement';
import { MonthPicker, useMonthParam } from './parts';
import '../settlement.css';

export type SettlementView = 'expert' | 'client';

/**
 * docs/product/timekeeping-and-settlement.md#views: one shared settlement view for `/calculate/expert/{id}` and `/calculate/client/{id}`;
 * the view is a property, the project id comes from the route, the month from `?month=YYYYMM`.
 * The pieces other features own (contracts panel, time sheet) come in as properties, put together
 * by `app/SettlementRoute.tsx`, so this feature imports no other.
 */
export function SettlementPage({
  view,
  projectIdx,
  contractsPanel,
  renderTimeSheet,
}: {
  view: SettlementView;
  projectIdx: number;
  contractsPanel?: ReactNode;
  renderTimeSheet?: (memberInProjectIdx: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const [month, setMonth] = useMonthParam();
  const abilities = useAbilities(projectIdx);
  return (
    <div className="settlement-page">
      <div className="settlement-page__toolbar">
        <h2 className="settlement-page__heading">
          {t(view === 'expert' ? 'ui.settlement.headingExpert' : 'ui.settlement.headingClient')}
        </h2>
        <MonthPicker month={month} onChange={setMonth} />
      </div>
      {view === 'expert' ? (
        <>
          <ExpertSettlement projectIdx={projectIdx} month={month} renderTimeSheet={renderTimeSheet} />
          {/* An admin working in professional mode still manages the contracts here. */}
          {abilities.can('contract.offer') && contractsPanel}
        </>
      ) : (
        <ClientSettlement projectIdx={projectIdx} month={month} contractsPanel={contractsPanel} />
      )}
    </div>
  );
}
