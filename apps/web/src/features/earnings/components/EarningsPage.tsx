import { useMutation, useQuery } from '@tanstack/react-query';
import type { Currency, Earnings, MoneySumDto } from '@teamline/contract';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { formatMinorUnits, formatMonth } from '../../../lib/format';
import { saveBlob } from '../../../lib/save-blob';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useLanguage } from '../../../lib/use-language';
import { earningsApi, earningsKeys } from '../api/earnings-api';
import '../earnings.css';

const MIN_YEAR = 2000;
const MAX_YEAR = 2100;

/** The page's year, kept in the address as `?year=YYYY` (default: this year). */
function useYearParam(): [number, (year: number) => void] {
  const [params, setParams] = useSearchParams();
  const value = Number(params.get('year'));
  const year =
    Number.isInteger(value) && value >= MIN_YEAR && value <= MAX_YEAR ? value : new Date().getFullYear();
  const setYear = (next: number) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('year', String(next));
        return copy;
      },
      { replace: true },
    );
  return [year, setYear];
}

function Money({ amount, currency }: { amount: number; currency: Currency }) {
  const lang = useLanguage();
  return <>{formatMinorUnits(amount, currency, lang)}</>;
}

/** A wide table that scrolls sideways on a narrow screen, reachable by keyboard. */
function ScrollTable({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className="earnings-scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}

/** `/earnings`: the signed-in professional's earnings across projects, per month, year and payer. */
export function EarningsPage() {
  const { t } = useTranslation();
  const [year, setYear] = useYearParam();
  const yearId = useId();
  const query = useQuery({ queryKey: earningsKeys.year(year), queryFn: () => earningsApi.year(year) });
  const thisYear = new Date().getFullYear();
  const years = [...new Set([thisYear, year, ...(query.data?.years ?? [])])].sort((a, b) => b - a);

  return (
    <div className="earnings-page">
      <div className="earnings-page__toolbar">
        <h2 className="earnings-page__heading">{t('ui.earnings.heading')}</h2>
        <label className="earnings-year" htmlFor={yearId}>
          {t('ui.earnings.year')}
          <select id={yearId} value={year} onChange={(e) => setYear(Number(e.target.value))}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="earnings-page__intro">{t('ui.earnings.intro')}</p>
      {query.isLoading ? (
        <p role="status">{t('ui.earnings.loading')}</p>
      ) : query.isError || !query.data ? (
        <div role="alert" className="earnings-error">
          <p>{t('ui.earnings.error')}</p>
          <Button variant="outline" size="small" onClick={() => void query.refetch()}>
            {t('ui.common.retry')}
          </Button>
        </div>
      ) : (
        <EarningsYear data={query.data} />
      )}
    </div>
  );
}

/** Gross, withholding and net cells; each names its column for the stacked phone layout. */
function SumCells({ sum }: { sum: MoneySumDto }) {
  const { t } = useTranslation();
  return (
    <>
      <td className="earnings-num" data-label={t('ui.earnings.gross')}>
        <Money amount={sum.grossAmount} currency={sum.currency} />
      </td>
      <td className="earnings-num" data-label={t('ui.earnings.withholding')}>
        <Money amount={sum.withholdingAmount} currency={sum.currency} />
      </td>
      <td className="earnings-num" data-label={t('ui.earnings.net')}>
        <Money amount={sum.netAmount} currency={sum.currency} />
      </td>
    </>
  );
}

export function EarningsYear({ data }: { data: Earnings }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { year } = data;

  return (
    <>
      {data.pending.length > 0 && (
        <section className="earnings-pending" aria-labelledby="earnings-pending">
          <h3 id="earnings-pending">{t('ui.earnings.pending')}</h3>
          <ul>
            {data.pending.map((p) => (
              <li key={p.currency}>
                <strong>
                  <Money amount={p.grossAmount} currency={p.currency} />
                </strong>{' '}
                ({t('ui.earnings.settlements', { count: p.count })})
              </li>
            ))}
          </ul>
          <p className="earnings-muted">{t('ui.earnings.pendingHint')}</p>
        </section>
      )}
      {data.totals.length === 0 ? (
        <p className="earnings-empty">{t('ui.earnings.empty', { year })}</p>
      ) : (
        <>
          <section aria-labelledby="earnings-totals">
            <h3 id="earnings-totals">{t('ui.earnings.totals', { year })}</h3>
            <div className="earnings-totals">
              {data.totals.map((sum) => (
                <dl key={sum.currency} className="earnings-total" data-currency={sum.currency}>
                  <div>
                    <dt>{t('ui.earnings.currency')}</dt>
                    <dd>
                      {sum.currency} · {t('ui.earnings.settlements', { count: sum.count })}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('ui.earnings.gross')}</dt>
                    <dd>
                      <Money amount={sum.grossAmount} currency={sum.currency} />
                    </dd>
                  </div>
                  <div>
                    <dt>{t('ui.earnings.withholding')}</dt>
                    <dd>
                      <Money amount={sum.withholdingAmount} currency={sum.currency} />
                    </dd>
                  </div>
                  <div className="earnings-total__net">
                    <dt>{t('ui.earnings.net')}</dt>
                    <dd>
                      <Money amount={sum.netAmount} currency={sum.currency} />
                    </dd>
                  </div>
                </dl>
              ))}
            </div>
          </section>

          <section>
            <h3 id="earnings-months">{t('ui.earnings.byMonth')}</h3>
            <ScrollTable labelledBy="earnings-months">
              <table className="earnings-table" data-testid="earnings-months">
                <thead>
                  <tr>
                    <th scope="col">{t('ui.earnings.month')}</th>
                    <th scope="col">{t('ui.earnings.currency')}</th>
                    <th scope="col" className="earnings-num">
                      {t('ui.earnings.gross')}
                    </th>
                    <th scope="col" className="earnings-num">
                      {t('ui.earnings.withholding')}
                    </th>
                    <th scope="col" className="earnings-num">
                      {t('ui.earnings.net')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.months.map((m) => (
                    <tr key={`${m.month}${m.currency}`}>
                      <th scope="row">{formatMonth(m.month, lang)}</th>
                      <td>{m.currency}</td>
                      <SumCells sum={m} />
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  {data.totals.map((sum) => (
                    <tr key={sum.currency}>
                      <th scope="row">{t('ui.earnings.total')}</th>
                      <td>{sum.currency}</td>
                      <SumCells sum={sum} />
                    </tr>
                  ))}
                </tfoot>
              </table>
            </ScrollTable>
          </section>

          <section>
            <h3 id="earnings-payers">{t('ui.earnings.byPayer')}</h3>
            <ScrollTable labelledBy="earnings-payers">
              <table className="earnings-table earnings-table--stack" data-testid="earnings-payers">
                <thead>
                  <tr>
                    <th scope="col">{t('ui.earnings.payer')}</th>
                    <th scope="col">{t('ui.earnings.currency')}</th>
                    <th scope="col" className="earnings-num">
                      {t('ui.earnings.gross')}
                    </th>
                    <th scope="col" className="earnings-num">
                      {t('ui.earnings.withholding')}
                    </th>
                    <th scope="col" className="earnings-num">
                      {t('ui.earnings.net')}
                    </th>
                    <th scope="col">{t('ui.earnings.statement')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.payers.map((p, i) => {
                    const first = data.payers.findIndex((x) => x.projectIdx === p.projectIdx) === i;
                    const rows = data.payers.filter((x) => x.projectIdx === p.projectIdx).length;
                    return (
                      <tr key={`${p.projectIdx}${p.currency}`}>
                        {first && (
                          <th scope="row" rowSpan={rows}>
                            {p.payerName}
                            {p.payerName !== p.projectName && (
                              <span className="earnings-muted earnings-project">{p.projectName}</span>
                            )}
                          </th>
                        )}
                        <td data-label={t('ui.earnings.currency')}>{p.currency}</td>
                        <SumCells sum={p} />
                        {first && (
                          <td rowSpan={rows} className="earnings-downloads-cell">
                            <StatementButtons year={year} projectIdx={p.projectIdx} payer={p.payerName} />
                          </td>
                        )}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </ScrollTable>
          </section>
        </>
      )}
    </>
  );
}

/** The payer's yearly statement as CSV and PDF, fetched through the API client and saved. */
function StatementButtons({ year, projectIdx, payer }: { year: number; projectIdx: number; payer: string }) {
  const { t } = useTranslation();
  const onError = useErrorToast();
  const download = useMutation({
    mutationFn: async (format: 'csv' | 'pdf') => {
      const blob = await earningsApi.statement({ year, payer: projectIdx, format });
      saveBlob(blob, `earnings-${year}-${projectIdx}.${format}`);
    },
    onError,
  });
  return (
    <div className="earnings-downloads">
      {(['csv', 'pdf'] as const).map((format) => {
        const isBusy = download.isPending && download.variables === format;
        return (
          <Button
            key={format}
            variant="outline"
            size="small"
            isLoading={isBusy}
            disabled={download.isPending}
            aria-label={t(format === 'csv' ? 'ui.earnings.downloadCsv' : 'ui.earnings.downloadPdf', {
              year,
              payer,
            })}
            onClick={() => download.mutate(format)}
          >
            {isBusy ? t('ui.earnings.downloading') : t(`ui.earnings.${format}`)}
          </Button>
        );
      })}
    </div>
  );
}
