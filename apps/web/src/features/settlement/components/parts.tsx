import { useMutation, useQuery } from '@tanstack/react-query';
import {
  shiftMonth,
  formatDuration,
  type Currency,
  type Settlement,
  type SettlementExportFormat,
  type SettlementStatus,
} from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { formatDate, formatMinorUnits, formatMonth } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useErrorToast } from '../../../lib/use-error-toast';
import { saveBlob } from '../../../lib/save-blob';
import { settlementApi, settlementKeys } from '../api/settlement-api';
import { groupLinesByStory, isMonthCode, monthOf } from '../logic/settlement-logic';

/** What each status asks of the reader, as the pill's tone: a draft is neutral. */
const settlementTone: Record<SettlementStatus, string> = {
  draft: 'neutral',
  submitted: 'waiting',
  returned: 'refused',
  approved: 'running',
  paid: 'done',
};

/** A settlement status as a word in a coloured pill (never colour alone). */
export function SettlementStatusBadge({ status }: { status: SettlementStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`pill pill--${settlementTone[status]}`} data-status={status}>
      {t(`ui.settlement.status.${status}`)}
    </span>
  );
}

/** An amount in minor units, formatted for the reader. */
export function Money({ amount, currency }: { amount: number; currency: Currency }) {
  const lang = useLanguage();
  return <span className="settlement-money">{formatMinorUnits(amount, currency, lang)}</span>;
}

/** The page's month, kept in the address as `?month=YYYYMM` (default: this month). */
export function useMonthParam(): [string, (month: string) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('month');
  const month = isMonthCode(value) ? value : monthOf(new Date());
  const setMonth = (next: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('month', next);
        return copy;
      },
      { replace: true },
    );
  return [month, setMonth];
}

export function MonthPicker({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <div className="settlement-month" role="group" aria-label={t('ui.settlement.month.label')}>
      <Button
        variant="outline"
        size="small"
        aria-label={t('ui.settlement.month.previous')}
        onClick={() => onChange(shiftMonth(month, -1))}
      >
        ‹
      </Button>
      <output className="settlement-month__value" aria-live="polite">
        {formatMonth(month, lang)}
      </output>
      <Button
        variant="outline"
        size="small"
        aria-label={t('ui.settlement.month.next')}
        onClick={() => onChange(shiftMonth(month, 1))}
      >
        ›
      </Button>
    </div>
  );
}

/** CSV and PDF statements, fetched through the API client (with the access key) and saved. */
export function ExportButtons({ settlement }: { settlement: Settlement }) {
  const { t } = useTranslation();
  const onError = useErrorToast();
  const download = useMutation({
    mutationFn: async (format: SettlementExportFormat) => {
      const blob = await settlementApi.export(settlement.settlementIdx, format);
      saveBlob(blob, `settlement-${settlement.month}-${settlement.settlementIdx}.${format}`);
    },
    onError,
  });
  if (settlement.can && !settlement.can.export) return null;
  return (
    <>
      {(['csv', 'pdf'] as const).map((format) => {
        const isBusy = download.isPending && download.variables === format;
        return (
          <Button
            key={format}
            variant="outline"
            size="small"
            isLoading={isBusy}
            disabled={download.isPending}
            onClick={() => download.mutate(format)}
          >
            {isBusy ? t('ui.settlement.actions.downloading') : t(`ui.settlement.actions.${format}`)}
          </Button>
        );
      })}
    </>
  );
}

/** One settlement's detail (lines, `can`), shared by the statement and the client's expanded row. */
export const useSettlementDetail = (projectIdx: number, settlementIdx: number) =>
  useQuery({
    queryKey: settlementKeys.one(projectIdx, settlementIdx),
    queryFn: () => settlementApi.get(settlementIdx),
  });

/** The lines per story, each with its days. */
export function SettlementLines({ settlement }: { settlement: Settlement }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const lines = settlement.lines ?? [];
  if (lines.length === 0) return <p className="settlement-empty">{t('ui.settlement.noLines')}</p>;
  return (
    <div className="settlement-lines">
      {groupLinesByStory(lines).map((group) => (
        <section key={group.storyIdx ?? 'deleted'} className="settlement-lines__story">
          <h4 className="settlement-lines__title">
            <span>{group.title ?? t('ui.settlement.deletedStory')}</span>
            <span className="settlement-lines__sum">
              {t('ui.settlement.storyTotal', {
                hours: formatDuration(group.minutes),
                amount: formatMinorUnits(group.amount, settlement.currency, lang),
              })}
            </span>
          </h4>
          <table className="settlement-lines__days">
            <thead className="visually-hidden">
              <tr>
                <th scope="col">{t('ui.settlement.fields.day')}</th>
                <th scope="col">{t('ui.settlement.fields.hours')}</th>
                <th scope="col">{t('ui.settlement.fields.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {group.days.map((line) => (
                <tr key={line.workDt}>
                  <td>{formatDate(line.workDt, lang)}</td>
                  <td>{formatDuration(line.minutes)}</td>
                  <td className="settlement-num">
                    {formatMinorUnits(line.amount, settlement.currency, lang)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
