import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { notify } from '../../../stores/toast-store';
import { useErrorToast } from '../../../lib/use-error-toast';
import { contractApi, contractKeys } from '../../../lib/contract-api';
import { ContractStatusBadge, ContractTerms } from './ContractsPanel';

/**
 * The terms of the contract a `contract` request offers, with Accept and Decline (a reason) as the
 * server's `can` allows. The request does not carry its contract's id: it is the project's contract
 * with this `requestIdx` (the list carries each contract's `can`).
 */
export function ContractOffer({
  projectIdx,
  requestIdx,
  onAnswered,
}: {
  projectIdx: number;
  requestIdx: number;
  onAnswered?: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const onError = useErrorToast();
  const [isDeclineOpen, setDeclineOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const list = useQuery({
    queryKey: contractKeys.list(projectIdx),
    queryFn: () => contractApi.list(projectIdx),
  });
  const contract = list.data?.contracts.find((c) => c.requestIdx === requestIdx);
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: ['planning', projectIdx] });
    onAnswered?.();
  };
  const accept = useMutation({
    mutationFn: (contractIdx: number) => contractApi.accept(contractIdx),
    onSuccess: async () => {
      notify(t('ui.settlement.contract.accepted'), 'success');
      await refresh();
    },
    onError,
  });
  const decline = useMutation({
    mutationFn: ({ contractIdx, text }: { contractIdx: number; text: string }) =>
      contractApi.decline(contractIdx, text),
    onSuccess: async () => {
      notify(t('ui.settlement.contract.declined'), 'success');
      setDeclineOpen(false);
      setReason('');
      await refresh();
    },
    onError,
  });

  if (list.isLoading) return <p role="status">{t('ui.common.loading')}</p>;
  if (!contract) return list.isError ? <p role="alert">{t('ui.common.loadFailed')}</p> : null;
  const can = contract.can;

  function submitDecline(event: FormEvent) {
    event.preventDefault();
    const text = reason.trim();
    setReasonError(!text);
    if (text && contract) decline.mutate({ contractIdx: contract.contractIdx, text });
  }

  return (
    <section className="contract-offer" aria-labelledby={`contract-offer-${requestIdx}`}>
      <h3 id={`contract-offer-${requestIdx}`}>
        {t('ui.settlement.contract.offerTerms')} <ContractStatusBadge status={contract.status} />
      </h3>
      <ContractTerms contract={contract} />
      <div className="request-detail__actions">
        {can?.accept && (
          <Button
            size="small"
            isLoading={accept.isPending}
            onClick={() => accept.mutate(contract.contractIdx)}
          >
            {t('ui.settlement.contract.accept')}
          </Button>
        )}
        {can?.decline && (
          <Button size="small" variant="danger" onClick={() => setDeclineOpen(true)}>
            {t('ui.settlement.contract.decline')}
          </Button>
        )}
      </div>
      <Modal
        title={t('ui.settlement.contract.declineTitle')}
        isOpen={isDeclineOpen}
        onClose={() => setDeclineOpen(false)}
        formId={`contract-decline-${requestIdx}`}
        confirmText={t('ui.settlement.contract.decline')}
        isConfirmLoading={decline.isPending}
        isDanger
        size="small"
      >
        <form id={`contract-decline-${requestIdx}`} className="form" noValidate onSubmit={submitDecline}>
          <div className="field">
            <label className="field__label" htmlFor={`contract-decline-reason-${requestIdx}`}>
              {t('ui.settlement.contract.declineReasonLabel')}
            </label>
            <textarea
              id={`contract-decline-reason-${requestIdx}`}
              className="input dp-textarea"
              maxLength={2000}
              value={reason}
              aria-invalid={reasonError || undefined}
              aria-describedby={reasonError ? `contract-decline-error-${requestIdx}` : undefined}
              onChange={(e) => setReason(e.target.value)}
            />
            {reasonError && (
              <p id={`contract-decline-error-${requestIdx}`} className="field__error" role="alert">
                {t('ui.settlement.contract.declineRequired')}
              </p>
            )}
          </div>
        </form>
      </Modal>
    </section>
  );
}
