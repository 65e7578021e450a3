import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  offerContractRequest,
  type Language,
  type MemberInProject,
  type OfferContractRequest,
} from '@teamline/contract';
import { useMemo } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  blankContractTerms,
  ContractTermsFields,
  toContractTerms,
  type ContractTermsValues,
} from '../../../components/contract/ContractTermsFields';
import { Form, FormField } from '../../../components/ui/Form';
import { Modal } from '../../../components/ui/Modal';
import { useServerError } from '../../../lib/form';
import { useLanguage } from '../../../lib/use-language';
import { requestForm, useZodForm } from '../../../lib/zod-form';
import { notify } from '../../../stores/toast-store';
import { contractApi, contractKeys } from '../../../lib/contract-api';

/** What the inputs hold: the professional, then the terms as typed (the shared fieldset's values). */
export interface OfferContractValues extends ContractTermsValues {
  memberInProjectIdx: string;
}
const blank: OfferContractValues = { memberInProjectIdx: '', ...blankContractTerms };

/** The typed values → the offer: who and where, and the terms (`toContractTerms`). */
export function toOfferRequest(projectIdx: number, values: OfferContractValues, lang: Language) {
  return {
    projectIdx,
    memberInProjectIdx: Number(values.memberInProjectIdx) || 0,
    ...toContractTerms(values, lang),
  };
}

/** "Offer a contract": a professional, a daily rate in major units, currency, period, scope, withholding %. */
export function OfferContractModal({
  projectIdx,
  professionals,
  isOpen,
  onClose,
}: {
  projectIdx: number;
  professionals: MemberInProject[];
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const client = useQueryClient();
  const schema = useMemo(
    () =>
      requestForm<OfferContractValues, OfferContractRequest>(
        (v) => toOfferRequest(projectIdx, v, lang),
        offerContractRequest,
      ),
    [projectIdx, lang],
  );
  const form = useZodForm(schema, { defaultValues: blank });
  const onServerError = useServerError(form, {
    codeFields: { CONTRACT_ALREADY_RUNNING: 'memberInProjectIdx', CONTRACT_PERIOD_OVERLAP: 'startDt' },
  });
  const offer = useMutation({ mutationFn: (body: OfferContractRequest) => contractApi.offer(body) });

  async function send(body: OfferContractRequest) {
    try {
      await offer.mutateAsync(body);
      await client.invalidateQueries({ queryKey: contractKeys.all(projectIdx) });
      notify(t('ui.settlement.contract.form.sent'), 'success');
      form.reset(blank);
      onClose();
    } catch (error) {
      onServerError(error);
    }
  }

  return (
    <Modal
      title={t('ui.settlement.contract.offer')}
      isOpen={isOpen}
      onClose={onClose}
      formId="contract-offer-form"
      confirmText={t('ui.settlement.contract.form.submit')}
      isConfirmLoading={offer.isPending}
    >
      <Form id="contract-offer-form" className="form" form={form} onSubmit={send}>
        <MemberSelect professionals={professionals} />
        <ContractTermsFields />
      </Form>
    </Modal>
  );
}

/** The professional select; an empty choice reads "required", not the number rule's wording. */
function MemberSelect({ professionals }: { professionals: MemberInProject[] }) {
  const { t } = useTranslation();
  const { register, control, getFieldState } = useFormContext<OfferContractValues>();
  const value = useWatch({ control, name: 'memberInProjectIdx' });
  const { error } = getFieldState(
    'memberInProjectIdx',
    useFormState({ control, name: 'memberInProjectIdx' }),
  );
  const messages =
    value === '' && error?.type !== 'server' && error?.message
      ? { [error.message]: t('validation.required') }
      : undefined;
  return (
    <FormField name="memberInProjectIdx" label={t('ui.settlement.contract.form.member')} messages={messages}>
      {(props) => (
        <select {...props} className="input" {...register('memberInProjectIdx')}>
          <option value="">{t('ui.settlement.contract.form.chooseMember')}</option>
          {professionals.map((m) => (
            <option key={m.memberInProjectIdx} value={m.memberInProjectIdx}>
              {m.nickname}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
