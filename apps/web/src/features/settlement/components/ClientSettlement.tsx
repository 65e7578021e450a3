import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatDuration,
  type PaySettlementRequest,
  type Settlement,
  type SettlementMove,
} from '@teamline/contract';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { formatDate, formatMinorUnits } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { notify } from '../../../stores/toast-store';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useProjectMembers } from '../../../lib/use-project-members';
import { settlementApi, settlementKeys } from '../api/settlement-api';
import { totalsByCurrency } from '../logic/settlement-logic';
import { ExportButtons, SettlementLines, SettlementStatusBadge, useSettlementDetail } from './parts';
import { PayDialog, ReturnDialog } from './SettlementDialogs';
import { SpendChart } from './SpendChart';
import { memberName } from '../../../lib/member-name';

/** `/calculate/client/{id}`: every professional's settlement of the month the caller may see. */
export function ClientSettlement({
  projectIdx,
  month,
  contractsPanel,
}: {
  projectIdx: number;
  month: string;
  /** The contracts panel (the contract feature's), placed under the chart. */
  contractsPanel?: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const client = useQueryClient();
  const onError = useErrorToast();
  const members = useProjectMembers(projectIdx);
  const [expanded, setExpanded] = useState<number | null>(null);
  const [returning, setReturning] = useState<Settlement | null>(null);
  const [paying, setPaying] = useState<Settlement | null>(null);
  const list = useQuery({
    queryKey: settlementKeys.list(projectIdx, month),
    queryFn: () => settlementApi.list(projectIdx, month),
  });
  const nameOf = useMemo(() => {
    const names = new Map((members.data ?? []).map((m) => [m.memberInProjectIdx, m.nickname]));
    return (idx: number) => memberName(names.get(idx), t);
  }, [members.data, t]);
  const refresh = () => client.invalidateQueries({ queryKey: settlementKeys.all(projectIdx) });
  /** What the server says the caller may do with this settlement (every answer carries `can`). */
  const may = (s: Settlement, move: Exclude<SettlementMove, 'submit'>) => s.can?.[move] ?? false;

  const approve = useMutation({
    mutationFn: (s: Settlement) => settlementApi.approve(s.settlementIdx),
    onSuccess: async () => {
      notify(t('ui.settlement.actions.approved'), 'success');
      await refresh();
    },
    onError,
  });
  const giveBack = useMutation({
    mutationFn: ({ s, note }: { s: Settlement; note: string }) => settlementApi.return(s.settlementIdx, note),
    onSuccess: async () => {
      notify(t('ui.settlement.actions.returned'), 'success');
      setReturning(null);
      await refresh();
    },
  });
  const pay = useMutation({
    mutationFn: ({ s, body }: { s: Settlement; body: PaySettlementRequest }) =>
      settlementApi.pay(s.settlementIdx, body),
    onSuccess: async () => {
      notify(t('ui.settlement.actions.paid'), 'success');
      setPaying(null);
      await refresh();
    },
  });

  const settlements = list.data?.settlements ?? [];
  const money = (s: Settlement, amount: number) => formatMinorUnits(amount, s.currency, lang);
  const labels = {
    member: t('ui.settlement.fields.member'),
    hours: t('ui.settlement.fields.hours'),
    gross: t('ui.settlement.fields.gross'),
    net: t('ui.settlement.fields.net'),
    status: t('ui.settlement.fields.status'),
    actions: t('ui.settlement.fields.actions'),
  };

  return (
    <>
      <section className="settlement-panel" aria-labelledby="settlement-client-list">
        <h3 id="settlement-client-list" className="visually-hidden">
          {t('ui.settlement.headingClient')}
        </h3>
        {list.isLoading ? (
          <p role="status">{t('ui.common.loading')}</p>
        ) : list.isError ? (
          <p role="alert">{t('ui.common.loadFailed')}</p>
        ) : settlements.length === 0 ? (
          <p className="settlement-empty">{t('ui.settlement.noSettlement')}</p>
        ) : (
          <table className="settlement-table">
            <thead>
              <tr>
                <th scope="col">{labels.member}</th>
                <th scope="col">{labels.hours}</th>
                <th scope="col">{labels.gross}</th>
                <th scope="col">{labels.net}</th>
                <th scope="col">{labels.status}</th>
                <th scope="col">{labels.actions}</th>
              </tr>
            </thead>
            <tbody>
              {settlements.map((s) => {
                const name = nameOf(s.memberInProjectIdx);
                const isOpen = expanded === s.settlementIdx;
                return (
                  <Fragment key={s.settlementIdx}>
                    <tr className="settlement-table__row">
                      <th scope="row" data-label={labels.member}>
                        <button
                          type="button"
                          className="settlement-table__expand"
                          aria-expanded={isOpen}
                          aria-label={t(
                            isOpen ? 'ui.settlement.actions.hideLines' : 'ui.settlement.actions.showLines',
                            {
                              name,
                            },
                          )}
                          onClick={() => setExpanded(isOpen ? null : s.settlementIdx)}
                        >
                          <span aria-hidden="true">{isOpen ? '▾' : '▸'}</span> {name}
                        </button>
                      </th>
                      <td data-label={labels.hours}>{formatDuration(s.minutes)}</td>
                      <td data-label={labels.gross} className="settlement-num">
                        {money(s, s.grossAmount)}
                      </td>
                      <td data-label={labels.net} className="settlement-num">
                        {money(s, s.netAmount)}
                      </td>
                      <td data-label={labels.status}>
                        <SettlementStatusBadge status={s.status} />
                        {s.status === 'paid' && s.paidDt && (
                          <span className="settlement-table__paid">
                            {t('ui.settlement.paidOn', {
                              date: formatDate(s.paidDt, lang),
                              reference: s.paidReference ?? '',
                            })}
                          </span>
                        )}
                      </td>
                      <td data-label={labels.actions}>
                        <div className="settlement-actions">
                          {may(s, 'approve') && (
                            <Button
                              size="small"
                              isLoading={
                                approve.isPending && approve.variables.settlementIdx === s.settlementIdx
                              }
                              onClick={() => approve.mutate(s)}
                            >
                              {t('ui.settlement.actions.approve')}
                            </Button>
                          )}
                          {may(s, 'return') && (
                            <Button size="small" variant="outline" onClick={() => setReturning(s)}>
                              {t('ui.settlement.actions.return')}
                            </Button>
                          )}
                          {may(s, 'pay') && (
                            <Button size="small" variant="outline" onClick={() => setPaying(s)}>
                              {t('ui.settlement.actions.pay')}
                            </Button>
                          )}
                          <ExportButtons settlement={s} />
                        </div>
                      </td>
                    </tr>
                    {isOpen && (
                      <tr className="settlement-table__detail">
                        <td colSpan={6}>
                          <RowLines projectIdx={projectIdx} settlementIdx={s.settlementIdx} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        )}
        {settlements.length > 0 && (
          <div className="settlement-totals">
            <h4>{t('ui.settlement.totals')}</h4>
            <ul>
              {totalsByCurrency(settlements).map((total) => (
                <li key={total.currency}>
                  {t('ui.settlement.totalLine', {
                    currency: total.currency,
                    gross: formatMinorUnits(total.grossAmount, total.currency, lang),
                    net: formatMinorUnits(total.netAmount, total.currency, lang),
                  })}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
      {list.data && <SpendChart spend={list.data.spend} />}
      {contractsPanel}
      <ReturnDialog
        isOpen={returning != null}
        isPending={giveBack.isPending}
        onClose={() => setReturning(null)}
        onReturn={({ note }) => giveBack.mutateAsync({ s: returning!, note })}
      />
      <PayDialog
        isOpen={paying != null}
        isPending={pay.isPending}
        onClose={() => setPaying(null)}
        onPay={(body) => pay.mutateAsync({ s: paying!, body })}
      />
    </>
  );
}

function RowLines({ projectIdx, settlementIdx }: { projectIdx: number; settlementIdx: number }) {
  const { t } = useTranslation();
  const detail = useSettlementDetail(projectIdx, settlementIdx);
  if (detail.isLoading) return <p role="status">{t('ui.common.loading')}</p>;
  if (!detail.data) return <p role="alert">{t('ui.common.loadFailed')}</p>;
  return <SettlementLines settlement={detail.data} />;
}
