import type { Currency, SubscriptionDto } from '@teamline/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { PageSpinner } from '../../../app/RootLayout';
import { errorCodeOf } from '../../../lib/api-client';
import { formatMinorUnits } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';

/** What a dialog about the project's subscription is opened with (subscribe, change plan, sheets, refund). */
export interface SubscriptionDialogProps {
  projectIdx: number;
  sub: SubscriptionDto;
  onClose: () => void;
}

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

/** A query as `LoadState` reads it. */
type LoadingQuery = { isLoading: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/** What a section shows while loading or after a failed load (with a retry). */
export function LoadState({ query, children }: { query: LoadingQuery; children: () => ReactNode }) {
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

/** A column of a `BillingTable`: its header; `isNumber` aligns it right, `isHidden` reads it to screen readers only. */
export interface BillingColumn {
  label: string;
  isNumber?: boolean;
  isHidden?: boolean;
}

/**
 * A loaded list as the billing sections show it (payments, coupons): loading and failure as
 * `LoadState`, `empty` when there is none, else a table with `columns` as its header and the rows
 * `children` draws (each cell carries its column's label as `data-label` for the phone layout).
 */
export function BillingTable<T>({
  query,
  empty,
  columns,
  children,
}: {
  query: LoadingQuery & { data?: T[] };
  empty: string;
  columns: BillingColumn[];
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <LoadState query={query}>
      {() =>
        query.data && query.data.length === 0 ? (
          <p className="billing-note">{empty}</p>
        ) : (
          <div className="billing-table-wrap">
            <table className="billing-table">
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.label} scope="col" className={c.isNumber ? 'billing-table__num' : undefined}>
                      {c.isHidden ? <span className="visually-hidden">{c.label}</span> : c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>{children(query.data ?? [])}</tbody>
            </table>
          </div>
        )
      }
    </LoadState>
  );
}
