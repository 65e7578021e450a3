import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  currencyMinorDigits,
  offerContractRequest,
  type Currency,
  type Language,
  type MemberInProject,
  type OfferContractRequest,
} from '@teamline/contract';
import { useMemo } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, FormField, FormSelect, FormText } from '../../../components/ui/Form';
import { Modal } from '../../../components/ui/Modal';
import { isoToCodeOrNull, useServerError } from '../../../lib/form';
import { currencyOptions, parseMajorToMinor, parsePercentToBp } from '../../../lib/money-input';
import { useLanguage } from '../../../lib/use-language';
import { requestForm, useZodForm } from '../../../lib/zod-form';
import { notify } from '../../../stores/toast-store';
import { contractApi, contractKeys } from '../../../lib/contract-api';

/** What the inputs hold: amounts as typed (major units, percent), dates as `YYYY-MM-DD`. */
export interface OfferContractValues {
  memberInProjectIdx: string;
  dailyRate: string;
  currency: Currency;
  startDt: string;
  endDt: string;
  scope: string;
  withholdingRateBp: string;
}
const blank: OfferContractValues = {
  memberInProjectIdx: '',
  dailyRate: '',
  currency: 'KRW',
  startDt: '',
  endDt: '',
  scope: '',
  withholdingRateBp: '0',
};

/**
 * The typed values → the offer. An amount or percentage that does not read is -1, so the contract's
 * own range rule (`moneyAmount`, `withholdingRange`) reports it on its field.
 */
export function toOfferRequest(projectIdx: number, values: OfferContractValues, lang: Language) {
  return {
    projectIdx,
    memberInProjectIdx: Number(values.memberInProjectIdx) || 0,
    dailyRate: parseMajorToMinor(values.dailyRate, currencyMinorDigits[values.currency], lang) ?? -1,
    currency: values.currency,
    startDt: values.startDt ? values.startDt.replaceAll('-', '') : '',
    endDt: isoToCodeOrNull(values.endDt),
    scope: values.scope,
    withholdingRateBp: parsePercentToBp(values.withholdingRateBp, lang) ?? -1,
  };
}

const examples: Record<Currency, Record<Language, string>> = {
  KRW: { en: '150,000', kr: '150,000', vi: '150.000' },
  USD: { en: '120.50', kr: '120.50', vi: '120,50' },
};

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
  const currency = useWatch({ control: form.control, name: 'currency' });
  const example = examples[currency][lang];

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
        <div className="contract-form__row">
          <FormText
            name="dailyRate"
            label={t('ui.settlement.contract.form.dailyRate')}
            hint={t('ui.settlement.contract.form.dailyRateHint', { currency, example })}
            messages={{ moneyAmount: t('ui.settlement.contract.form.dailyRateInvalid', { example }) }}
            inputMode="decimal"
            autoComplete="off"
          />
          <FormSelect
            name="currency"
            label={t('ui.settlement.contract.form.currency')}
            options={currencyOptions}
          />
        </div>
        <div className="contract-form__row">
          <FormText type="date" name="startDt" label={t('ui.settlement.contract.form.startDt')} />
          <FormText type="date" name="endDt" label={t('ui.settlement.contract.form.endDt')} />
        </div>
        <FormText
          name="withholdingRateBp"
          label={t('ui.settlement.contract.form.withholding')}
          hint={t('ui.settlement.contract.form.withholdingHint')}
          messages={{ withholdingRange: t('ui.settlement.contract.form.withholdingInvalid') }}
          inputMode="decimal"
          autoComplete="off"
        />
        <FormField name="scope" label={t('ui.settlement.contract.form.scope')}>
          {(props) => (
            <textarea
              {...props}
              className="input dp-textarea"
              maxLength={20_000}
              {...form.register('scope')}
            />
          )}
        </FormField>
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
