import type { Currency, SettlementList } from '@teamline/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinorUnits, formatMonth } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { spendByCurrency } from '../logic/settlement-logic';

const BAR = 28;
const GAP = 12;
const HEIGHT = 120;

/**
 * Approved and paid gross per month, one bar chart per currency, drawn as plain SVG (docs/decisions.md
 * › Settlement › Spend chart). The drawing is hidden from assistive technology; the same numbers are
 * in a table beside it that screen readers read (and that shows when styles do not load).
 */
export function SpendChart({ spend }: { spend: SettlementList['spend'] }) {
  const { t } = useTranslation();
  const series = spendByCurrency(spend);
  return (
    <section className="settlement-spend" aria-labelledby="settlement-spend-title">
      <h3 id="settlement-spend-title">{t('ui.settlement.spend.title')}</h3>
      {series.size === 0 ? (
        <p className="settlement-empty">{t('ui.settlement.spend.empty')}</p>
      ) : (
        [...series.entries()].map(([currency, points]) => (
          <CurrencyChart key={currency} currency={currency} points={points} />
        ))
      )}
    </section>
  );
}

function CurrencyChart({
  currency,
  points,
}: {
  currency: Currency;
  points: { month: string; amount: number }[];
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const captionId = useId();
  const max = Math.max(1, ...points.map((p) => p.amount));
  const width = points.length * (BAR + GAP) + GAP;
  const label = t('ui.settlement.spend.chartLabel', { currency });
  return (
    <figure className="settlement-chart">
      <figcaption id={captionId}>{label}</figcaption>
      <svg
        className="settlement-chart__svg"
        // Drawn at its own size (a bar is BAR px wide): scaling the box to the page's width made one
        // month a bar several hundred pixels tall.
        width={width}
        height={HEIGHT + 20}
        viewBox={`0 0 ${width} ${HEIGHT + 20}`}
        preserveAspectRatio="xMinYMin meet"
        aria-hidden="true"
        focusable="false"
      >
        {points.map((p, i) => {
          const h = Math.round((p.amount / max) * HEIGHT);
          const x = GAP + i * (BAR + GAP);
          return (
            <g key={p.month}>
              <rect className="settlement-chart__bar" x={x} y={HEIGHT - h} width={BAR} height={h} rx={3}>
                <title>{`${formatMonth(p.month, lang)}: ${formatMinorUnits(p.amount, currency, lang)}`}</title>
              </rect>
              <text className="settlement-chart__label" x={x + BAR / 2} y={HEIGHT + 14} textAnchor="middle">
                {p.month.slice(4, 6)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden" aria-labelledby={captionId}>
        <thead>
          <tr>
            <th scope="col">{t('ui.settlement.month.label')}</th>
            <th scope="col">{t('ui.settlement.fields.gross')}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.month}>
              <th scope="row">{formatMonth(p.month, lang)}</th>
              <td>{formatMinorUnits(p.amount, currency, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
