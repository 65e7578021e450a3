import { currencyMinorDigits, type Currency, type Language } from '@teamline/contract';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isoToCodeOrNull } from '../../lib/form';
import { currencyOptions, parseMajorToMinor, parsePercentToBp } from '../../lib/money-input';
import { useLanguage } from '../../lib/use-language';
import { FormField, FormSelect, FormText } from '../ui/Form';

/**
 * A contract's terms as the inputs hold them (the contract's `contractTerms`): the daily rate and the
 * withholding as typed (major units, percent), dates as `YYYY-MM-DD`. The offer form
 * (features/contract) and the hire form (features/recruitment) both use this fieldset.
 */
export interface ContractTermsValues {
  dailyRate: string;
  currency: Currency;
  startDt: string;
  endDt: string;
  scope: string;
  withholdingRateBp: string;
}

export const blankContractTerms: ContractTermsValues = {
  dailyRate: '',
  currency: 'KRW',
  startDt: '',
  endDt: '',
  scope: '',
  withholdingRateBp: '0',
};

/**
 * The typed terms → the contract's `contractTerms`. An amount or percentage that does not read is -1,
 * so the contract's own range rule (`moneyAmount`, `withholdingRange`) reports it on its field.
 */
export function toContractTerms(values: ContractTermsValues, lang: Language) {
  return {
    dailyRate: parseMajorToMinor(values.dailyRate, currencyMinorDigits[values.currency], lang) ?? -1,
    currency: values.currency,
    startDt: values.startDt.replaceAll('-', ''),
    endDt: isoToCodeOrNull(values.endDt),
    scope: values.scope,
    withholdingRateBp: parsePercentToBp(values.withholdingRateBp, lang) ?? -1,
  };
}

const examples: Record<Currency, Record<Language, string>> = {
  KRW: { en: '150,000', kr: '150,000', vi: '150.000' },
  USD: { en: '120.50', kr: '120.50', vi: '120,50' },
};

/**
 * The terms' inputs: daily rate and currency, start and end, withholding %, scope. `prefix` is where
 * the terms sit in the form's values (`contract.` in the hire form, nothing in the offer form).
 */
export function ContractTermsFields({ prefix = '' }: { prefix?: '' | 'contract.' }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { register, control } = useFormContext();
  const currency = useWatch({ control, name: `${prefix}currency` }) as Currency;
  const example = examples[currency][lang];
  return (
    <>
      <div className="contract-terms__row">
        <FormText
          name={`${prefix}dailyRate`}
          label={t('ui.settlement.contract.form.dailyRate')}
          hint={t('ui.settlement.contract.form.dailyRateHint', { currency, example })}
          messages={{ moneyAmount: t('ui.settlement.contract.form.dailyRateInvalid', { example }) }}
          inputMode="decimal"
          autoComplete="off"
        />
        <FormSelect
          name={`${prefix}currency`}
          label={t('ui.settlement.contract.form.currency')}
          options={currencyOptions}
        />
      </div>
      <div className="contract-terms__row">
        <FormText type="date" name={`${prefix}startDt`} label={t('ui.settlement.contract.form.startDt')} />
        <FormText type="date" name={`${prefix}endDt`} label={t('ui.settlement.contract.form.endDt')} />
      </div>
      <FormText
        name={`${prefix}withholdingRateBp`}
        label={t('ui.settlement.contract.form.withholding')}
        hint={t('ui.settlement.contract.form.withholdingHint')}
        messages={{ withholdingRange: t('ui.settlement.contract.form.withholdingInvalid') }}
        inputMode="decimal"
        autoComplete="off"
      />
      <FormField name={`${prefix}scope`} label={t('ui.settlement.contract.form.scope')}>
        {(props) => (
          <textarea
            {...props}
            className="input dp-textarea"
            maxLength={20_000}
            {...register(`${prefix}scope`)}
          />
        )}
      </FormField>
    </>
  );
}
