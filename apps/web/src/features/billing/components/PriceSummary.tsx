import type { BillingQuote } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { Money } from './parts';

/**
 * The summary before paying (subscribePop, sheetsPop): what is bought for which period, the list
 * price, a coupon's discount and what the card is charged now. The amounts come from the contract's
 * quote, the same arithmetic the server charges with.
 */
export function PriceSummary({ quote, detail }: { quote: BillingQuote; detail: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <section
      className="billing-summary"
      aria-label={t('ui.billing.summary.title')}
      data-testid="price-summary"
    >
      <h3 className="billing-summary__title">{t('ui.billing.summary.title')}</h3>
      <dl>
        <div className="billing-summary__row">
          <dt>{t('ui.billing.summary.period')}</dt>
          <dd>
            {t('ui.billing.subscription.periodRange', {
              start: formatDate(quote.periodStartDt, lang),
              end: formatDate(quote.periodEndDt, lang),
            })}
          </dd>
        </div>
        <div className="billing-summary__row">
          <dt>{t('ui.billing.summary.list')}</dt>
          <dd>
            <span className="billing-summary__detail">{detail}</span>{' '}
            <Money amount={quote.listAmount} currency={quote.currency} />
          </dd>
        </div>
        {quote.discount > 0 && (
          <div className="billing-summary__row">
            <dt>{t('ui.billing.summary.discount')}</dt>
            <dd data-testid="price-discount">
              −<Money amount={quote.discount} currency={quote.currency} />
            </dd>
          </div>
        )}
        <div className="billing-summary__row billing-summary__total">
          <dt>{t('ui.billing.summary.total')}</dt>
          <dd data-testid="price-total">
            <Money amount={quote.amount} currency={quote.currency} />
          </dd>
        </div>
      </dl>
      {quote.amount === 0 && <p className="billing-note">{t('ui.billing.summary.free')}</p>}
    </section>
  );
}
