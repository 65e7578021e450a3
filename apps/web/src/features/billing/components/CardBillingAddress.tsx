import { cardBillingMaxLength, localeOf } from '@teamline/contract';
import { useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, FormText } from '../../../components/ui/Form';
import { useLanguage } from '../../../lib/use-language';
import type { CardFormValues } from '../logic/card-form';

/** Region codes Intl names that are not countries (unions, pseudo-regions). */
const notCountries = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);
const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * ISO 3166-1 alpha-2 countries with their names in the app's language, sorted by name, Korea left
 * out (a card issued there is not foreign): the codes the browser's Intl knows a name for.
 */
function useCountries(): { code: string; name: string }[] {
  const lang = useLanguage();
  return useMemo(() => {
    const names = new Intl.DisplayNames([localeOf[lang]], { type: 'region', fallback: 'none' });
    const list: { code: string; name: string }[] = [];
    for (const a of letters)
      for (const b of letters) {
        const code = `${a}${b}`;
        if (code === 'KR' || notCountries.has(code)) continue;
        const name = names.of(code);
        if (name && name !== code) list.push({ code, name });
      }
    return list.sort((x, y) => x.name.localeCompare(y.name, localeOf[lang]));
  }, [lang]);
}

/** A free-text line of the address, labelled by its name and as long as the contract takes. */
function AddressText({
  name,
  autoComplete,
  messages,
}: {
  name: keyof typeof cardBillingMaxLength;
  autoComplete: string;
  messages: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <FormText
      name={name}
      label={t(`ui.billing.cardPop.${name}`)}
      autoComplete={autoComplete}
      maxLength={cardBillingMaxLength[name]}
      messages={messages}
    />
  );
}

/**
 * The billing address a card issued abroad needs (docs/product/billing.md#cards-and-gateway: first and
 * last name, phone, address, city, state, zip code, country), in the card form's context.
 */
export function CardBillingAddress({ messages }: { messages: Record<string, string> }) {
  const { t } = useTranslation();
  const { register } = useFormContext<CardFormValues>();
  const countries = useCountries();
  const country = register('country');
  return (
    <fieldset className="billing-form__address">
      <legend className="field__label">{t('ui.billing.cardPop.billingAddress')}</legend>
      <div className="billing-form__row">
        <AddressText name="firstName" autoComplete="cc-given-name" messages={messages} />
        <AddressText name="lastName" autoComplete="cc-family-name" messages={messages} />
      </div>
      <FormText
        name="phone"
        type="tel"
        label={t('ui.billing.cardPop.phone')}
        autoComplete="tel"
        placeholder="+1 415 555 0100"
        maxLength={24}
        messages={messages}
      />
      <AddressText name="address" autoComplete="address-line1" messages={messages} />
      <div className="billing-form__row">
        <AddressText name="city" autoComplete="address-level2" messages={messages} />
        <AddressText name="state" autoComplete="address-level1" messages={messages} />
      </div>
      <div className="billing-form__row">
        <FormText
          name="zipCode"
          label={t('ui.billing.cardPop.zipCode')}
          autoComplete="postal-code"
          maxLength={12}
          messages={messages}
        />
        <FormField name="country" label={t('ui.billing.cardPop.country')} messages={messages}>
          {(props) => (
            <select {...props} {...country} className="input" autoComplete="country">
              <option value="">—</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
    </fieldset>
  );
}
