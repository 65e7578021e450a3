import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Contract } from '@teamline/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { openAlert } from '../../../components/ui/alert-store';
import { formatBasisPoints, formatDate, formatMinorUnits } from '../../../lib/format';
import { useAbilities } from '../../../lib/use-abilities';
import { useLanguage } from '../../../lib/use-language';
import { notify } from '../../../stores/toast-store';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useProjectMembers } from '../../../lib/use-project-members';
import { contractApi, contractKeys } from '../../../lib/contract-api';
import { OfferContractModal } from './OfferContractForm';
import '../contract.css';
import { memberName } from '../../../lib/member-name';

/** What each status asks of the reader, as the pill's tone. */
const contractTone: Record<Contract['status'], string> = {
  awaiting: 'waiting',
  rejected: 'refused',
  inProgress: 'running',
  completed: 'neutral',
};

/** A contract's status as a word in a pill. */
export function ContractStatusBadge({ status }: { status: Contract['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`pill pill--${contractTone[status]}`} data-status={status}>
      {t(`ui.settlement.contract.status.${status}`)}
    </span>
  );
}

/** Terms as one line: rate per day, period, withholding. */
export function ContractTerms({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <dl className="contract-terms">
      <div>
        <dt>{t('ui.settlement.fields.dailyRate')}</dt>
        <dd>
          {t('ui.settlement.contract.rateWithCurrency', {
            rate: formatMinorUnits(contract.dailyRate, contract.currency, lang),
          })}
        </dd>
      </div>
      <div>
        <dt>{t('ui.settlement.contract.period')}</dt>
        <dd>
          {formatDate(contract.startDt, lang)} –{' '}
          {contract.endDt ? formatDate(contract.endDt, lang) : t('ui.settlement.contract.openEnded')}
        </dd>
      </div>
      <div>
        <dt>{t('ui.settlement.fields.withholding')}</dt>
        <dd>{formatBasisPoints(contract.withholdingRateBp, lang)} %</dd>
      </div>
      <div className="contract-terms__scope">
        <dt>{t('ui.settlement.contract.scope')}</dt>
        <dd>{contract.scope}</dd>
      </div>
    </dl>
  );
}

/** The project's contracts (those the caller may see), "Offer a contract" and "End contract". */
export function ContractsPanel({ projectIdx }: { projectIdx: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const onError = useErrorToast();
  const abilities = useAbilities(projectIdx);
  const members = useProjectMembers(projectIdx);
  const [isOfferOpen, setOfferOpen] = useState(false);
  const list = useQuery({
    queryKey: contractKeys.list(projectIdx),
    queryFn: () => contractApi.list(projectIdx),
  });
  const nameOf = useMemo(() => {
    const names = new Map((members.data ?? []).map((m) => [m.memberInProjectIdx, m.nickname]));
    return (idx: number) => memberName(names.get(idx), t);
  }, [members.data, t]);
  const professionals = (members.data ?? []).filter((m) => m.role === 'depth1' || m.role === 'depth2');
  const end = useMutation({
    mutationFn: (contractIdx: number) => contractApi.end(contractIdx),
    onSuccess: async () => {
      notify(t('ui.settlement.contract.ended'), 'success');
      await client.invalidateQueries({ queryKey: contractKeys.all(projectIdx) });
    },
    onError,
  });
  async function confirmEnd(contractIdx: number) {
    try {
      await openAlert(t('ui.settlement.contract.endConfirm'), {
        confirmText: t('ui.settlement.contract.end'),
        isDanger: true,
      });
    } catch {
      return;
    }
    end.mutate(contractIdx);
  }

  const contracts = list.data?.contracts ?? [];
  return (
    <section className="contracts-panel" aria-labelledby="contracts-panel-title">
      <div className="contracts-panel__header">
        <h3 id="contracts-panel-title">{t('ui.settlement.contract.heading')}</h3>
        {abilities.can('contract.offer') && (
          <Button size="small" onClick={() => setOfferOpen(true)}>
            {t('ui.settlement.contract.offer')}
          </Button>
        )}
      </div>
      {list.isLoading ? (
        <p role="status">{t('ui.common.loading')}</p>
      ) : list.isError ? (
        <p role="alert">{t('ui.common.loadFailed')}</p>
      ) : contracts.length === 0 ? (
        <p className="settlement-empty">{t('ui.settlement.contract.empty')}</p>
      ) : (
        <ul className="contracts-panel__list">
          {contracts.map((c) => (
            <li key={c.contractIdx} className="contract-card">
              <div className="contract-card__header">
                <strong>{nameOf(c.memberInProjectIdx)}</strong> <ContractStatusBadge status={c.status} />
              </div>
              <ContractTerms contract={c} />
              {c.status === 'rejected' && c.declineReason && (
                <p className="contract-card__note">
                  {t('ui.settlement.contract.declineReason', { reason: c.declineReason })}
                </p>
              )}
              {c.can?.end && (
                <Button
                  size="small"
                  variant="danger"
                  isLoading={end.isPending && end.variables === c.contractIdx}
                  onClick={() => void confirmEnd(c.contractIdx)}
                >
                  {t('ui.settlement.contract.end')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <OfferContractModal
        projectIdx={projectIdx}
        professionals={professionals}
        isOpen={isOfferOpen}
        onClose={() => setOfferOpen(false)}
      />
    </section>
  );
}
