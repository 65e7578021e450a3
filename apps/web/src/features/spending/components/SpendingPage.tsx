import { useQuery } from '@tanstack/react-query';
import type { Currency, SpendingReport } from '@teamline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { formatMinorUnits, formatMonth } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { spendingApi, spendingKeys } from '../api/spending-api';
import { BudgetsSection } from './BudgetsSection';
import './spending.css';

/** The route `/spending/:id`: the page, with the project of `:id` for its budgets. */
export function SpendingRoute() {
  const projectIdx = Number(useParams().id);
  return <SpendingPage projectIdx={Number.isInteger(projectIdx) && projectIdx > 0 ? projectIdx : null} />;
}

/**
 * The client's spending (issue 34, docs/product/spending-and-budgets.md): approved and paid
 * settlements' gross per project × month of a year across the projects where the caller pays,
 * totals per currency (never added across currencies), and the budgets of the chosen project.
 */
export function SpendingPage({
  projectIdx,
  initialYear = new Date().getUTCFullYear(),
}: {
  projectIdx: number | null;
  initialYear?: number;
}) {
  const { t } = useTranslation();
  const [year, setYear] = useState(initialYear);
  const query = useQuery({ queryKey: spendingKeys.report(year), queryFn: () => spendingApi.report(year) });
  const projectName = query.data?.projects.find((p) => p.projectIdx === projectIdx)?.projectName;

  return (
    <div className="spending-page" data-testid="spending-page">
      <section className="card section" aria-labelledby="spending-heading">
        <div className="spending-page__top">
          <h2 id="spending-heading" className="section__title">
            {t('ui.spending.heading')}
          </h2>
          <div className="spending-year" role="group" aria-label={t('ui.spending.year', { year })}>
            <Button
              variant="outline"
              size="small"
              onClick={() => setYear(year - 1)}
              aria-label={t('ui.spending.previousYear')}
            >
              ‹
            </Button>
            <span className="spending-year__label" aria-live="polite">
              {t('ui.spending.year', { year })}
            </span>
            <Button
              variant="outline"
              size="small"
              onClick={() => setYear(year + 1)}
              aria-label={t('ui.spending.nextYear')}
            >
              ›
            </Button>
          </div>
        </div>
        <p className="muted">{t('ui.spending.intro')}</p>
        {query.isPending ? (
          <p className="muted" role="status">
            {t('ui.spending.loading')}
          </p>
        ) : query.isError ? (
          <div role="alert">
            <p>{t('ui.spending.error')}</p>
            <Button size="medium" variant="outline" onClick={() => void query.refetch()}>
              {t('ui.common.retry')}
            </Button>
          </div>
        ) : query.data.projects.length === 0 ? (
          <p className="muted" data-testid="spending-no-projects">
            {t('ui.spending.noProjects')}
          </p>
        ) : query.data.totals.length === 0 ? (
          <p className="muted" data-testid="spending-empty">
            {t('ui.spending.empty', { year })}
          </p>
        ) : (
          <SpendingTable report={query.data} selected={projectIdx} />
        )}
      </section>
      {projectIdx !== null && <BudgetsSection projectIdx={projectIdx} projectName={projectName} />}
    </div>
  );
}

type Sum = { currency: Currency; grossAmount: number };

/** Amounts of one cell, one line per currency (never added together). */
function Amounts({ sums }: { sums: readonly Sum[] }) {
  const lang = useLanguage();
  if (sums.length === 0) return <span className="muted">–</span>;
  return (
    <>
      {sums.map((s) => (
        <span key={s.currency} className="spending-amount">
          {formatMinorUnits(s.grossAmount, s.currency, lang)}
        </span>
      ))}
    </>
  );
}

/** Projects down, months with any spend across, a total column and an all-projects row. */
function SpendingTable({ report, selected }: { report: SpendingReport; selected: number | null }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const months = [...new Set(report.months.map((m) => m.month))].sort();
  const cell = (list: readonly (Sum & { month: string })[], month: string) =>
    list.filter((m) => m.month === month);
  return (
    <>
      <div className="spending-table-wrap" tabIndex={0} role="region" aria-labelledby="spending-caption">
        <table className="spending-table" data-testid="spending-table">
          <caption id="spending-caption">{t('ui.spending.table.caption', { year: report.year })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('ui.spending.table.project')}</th>
              {months.map((m) => (
                <th scope="col" key={m}>
                  {formatMonth(m, lang)}
                </th>
              ))}
              <th scope="col">{t('ui.spending.table.total')}</th>
            </tr>
          </thead>
          <tbody>
            {report.projects.map((p) => (
              <tr key={p.projectIdx} aria-current={p.projectIdx === selected ? 'true' : undefined}>
                <th scope="row">
                  <Link to={`/spending/${p.projectIdx}`}>{p.projectName}</Link>
                </th>
                {months.map((m) => (
                  <td key={m}>
                    <Amounts sums={cell(p.months, m)} />
                  </td>
                ))}
                <td>
                  <Amounts sums={p.totals} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('ui.spending.table.all')}</th>
              {months.map((m) => (
                <td key={m}>
                  <Amounts sums={cell(report.months, m)} />
                </td>
              ))}
              <td>
                <Amounts sums={report.totals} />
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <h3 className="spending-subheading">{t('ui.spending.totalsHeading', { year: report.year })}</h3>
      <ul className="spending-totals" data-testid="spending-totals">
        {report.totals.map((s) => (
          <li key={s.currency}>
            <span className="spending-totals__currency">{s.currency}</span>
            <strong>{formatMinorUnits(s.grossAmount, s.currency, lang)}</strong>
          </li>
        ))}
      </ul>
    </>
  );
}
