import type { Currency } from '@teamline/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { PageSpinner } from '../../../app/RootLayout';
import { errorCodeOf } from '../../../lib/api-client';
import { formatMinorUnits } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';

/** An amount in minor units of its own currency, for the reader's language. */
export function Money({ amount, currency }: { amount: number; currency: Currency }) {
  const lang = useLanguage();
  return <span className="billing-money">{formatMinorUnits(amount, currency, lang)}</span>;
}

/** `(amount, currency) → text` in the reader's language, for texts with an amount inside. */
export function useMoney(): (amount: number, currency: Currency) => string {
  const lang = useLanguage();
  return (amount, currency) => formatMinorUnits(amount, currency, lang);
}

/** What a section shows while loading or after a failed load (with a retry). */
export function LoadState({
  query,
  children,
}: {
  query: { isLoading: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  children: () => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isLoading) return <PageSpinner />;
  if (query.isError)
    return (
      <div className="card state-card" role="alert">
        <p>{t(`errors.${errorCodeOf(query.error)}`)}</p>
        <Button size="medium" onClick={() => void query.refetch()}>
          {t('ui.common.retry')}
        </Button>
      </div>
    );
  return <>{children()}</>;
}

/** Shown to members without admin authority instead of the billing controls. */
export function AdminOnlyNote() {
  const { t } = useTranslation();
  return (
    <p className="billing-note" data-testid="billing-admin-only">
      {t('ui.billing.adminOnly')}
    </p>
  );
}

/** A list of label/value pairs. */
export function Facts({ rows }: { rows: Array<[label: string, value: ReactNode] | false | null> }) {
  return (
    <dl className="billing-facts">
      {rows
        .filter((row): row is [string, ReactNode] => Boolean(row))
        .map(([label, value]) => (
          <div key={label} className="billing-facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
