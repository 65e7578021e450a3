import type { DashboardBurn, DashboardStatusCount, Language } from '@teamline/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatNumberLocal } from '../../../lib/format';
import { buildBurnSeries, formatShortDay, nonEmptyStatuses, statusColor } from '../logic/dashboard-logic';

/** Stories by status as a donut; the numbers themselves are in the legend list beside it. */
export function StatusDonut({ rows, lang }: { rows: DashboardStatusCount[]; lang: Language }) {
  const { t } = useTranslation();
  const data = nonEmptyStatuses(rows).map((r) => ({
    name: t(`ui.status.${r.status}`),
    value: r.count,
    status: r.status,
  }));
  const total = rows.reduce((a, r) => a + r.count, 0);
  return (
    <div
      className="dash-donut"
      role="img"
      aria-label={t('ui.dashboard.chart.storiesTotal', { count: total })}
    >
      <ResponsiveContainer width="100%" height={180}>
        <PieChart>
          <Pie
            data={data}
            dataKey="value"
            nameKey="name"
            innerRadius="62%"
            outerRadius="95%"
            paddingAngle={data.length > 1 ? 2 : 0}
            isAnimationActive={false}
            stroke="none"
          >
            {data.map((d) => (
              <Cell key={d.status} fill={statusColor[d.status]} />
            ))}
          </Pie>
          <Tooltip formatter={(value) => formatNumberLocal(Number(value), lang)} />
        </PieChart>
      </ResponsiveContainer>
      <div className="dash-donut__center" aria-hidden="true">
        <strong>{formatNumberLocal(total, lang)}</strong>
      </div>
    </div>
  );
}

/** Remaining stories per day with the ideal line to the project's end date. */
export function BurnChart({
  burn,
  endDt,
  lang,
}: {
  burn: DashboardBurn;
  endDt: string | null;
  lang: Language;
}) {
  const { t } = useTranslation();
  const rows = useMemo(() => buildBurnSeries(burn, endDt), [burn, endDt]);
  if (rows.length === 0) return <p className="muted dash-empty-line">{t('ui.dashboard.chart.burnEmpty')}</p>;
  const hasIdeal = rows.some((r) => r.ideal !== null);
  const last = [...rows].reverse().find((r) => r.remaining !== null);
  // A young project has only a few days of history: a line of one or two points is invisible
  // without dots (the chart then looked like the ideal line alone).
  const actualDays = rows.filter((r) => r.remaining !== null).length;
  const dot = actualDays <= 31 ? { r: 3 } : false;
  return (
    <figure className="dash-burn">
      <ResponsiveContainer width="100%" height={240}>
        <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
          <CartesianGrid stroke="#e5e7eb" vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={(d: string) => formatShortDay(d, lang)}
            minTickGap={24}
            tick={{ fontSize: 11 }}
          />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={44} />
          <Tooltip
            labelFormatter={(d) => (typeof d === 'string' ? formatShortDay(d, lang) : '')}
            formatter={(value) => formatNumberLocal(Number(value), lang)}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line
            type="stepAfter"
            dataKey="remaining"
            name={t('ui.dashboard.chart.remaining')}
            stroke="#2563eb"
            strokeWidth={2}
            dot={dot}
            isAnimationActive={false}
            connectNulls={false}
          />
          <Line
            type="stepAfter"
            dataKey="done"
            name={t('ui.dashboard.chart.done')}
            stroke="#00a676"
            strokeWidth={2}
            dot={dot}
            isAnimationActive={false}
          />
          {hasIdeal && (
            <Line
              type="linear"
              dataKey="ideal"
              name={t('ui.dashboard.chart.ideal')}
              stroke="#9ca3af"
              strokeDasharray="5 4"
              dot={false}
              isAnimationActive={false}
            />
          )}
        </LineChart>
      </ResponsiveContainer>
      <figcaption className="muted">
        {t('ui.dashboard.chart.burnCaption')}
        {last && (
          <>
            {' '}
            {t('ui.dashboard.chart.remaining')}: <strong>{formatNumberLocal(last.remaining, lang)}</strong>
          </>
        )}
      </figcaption>
    </figure>
  );
}
