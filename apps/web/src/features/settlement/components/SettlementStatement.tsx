import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatDuration, type Settlement } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { openAlert } from '../../../components/ui/alert-store';
import { formatDate, formatDateTime, formatMinorUnits, formatMonth } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { notify } from '../../../stores/toast-store';
import { useErrorToast } from '../../../lib/use-error-toast';
import { settlementApi, settlementKeys } from '../api/settlement-api';
import { ExportButtons, SettlementLines, SettlementStatusBadge, useSettlementDetail } from './parts';

/** The professional's statement of one contract-month: totals, the return note, lines, actions. */
export function SettlementStatement({ projectIdx, summary }: { projectIdx: number; summary: Settlement }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const client = useQueryClient();
  const onError = useErrorToast();
  const detail = useSettlementDetail(projectIdx, summary.settlementIdx);
  const s = detail.data ?? summary;
  const submit = useMutation({
    mutationFn: () => settlementApi.submit(s.settlementIdx),
    onSuccess: async () => {
      notify(t('ui.settlement.actions.submitted'), 'success');
      await client.invalidateQueries({ queryKey: settlementKeys.all(projectIdx) });
    },
    onError,
  });

  async function confirmSubmit() {
    try {
      await openAlert(t('ui.settlement.actions.submitConfirm'), {
        confirmText: t('ui.settlement.actions.submit'),
      });
    } catch {
      return;
    }
    submit.mutate();
  }

  const money = (amount: number) => formatMinorUnits(amount, s.currency, lang);
  const headingId = `settlement-${s.settlementIdx}-title`;
  return (
    <article className="settlement-card" aria-labelledby={headingId}>
      <header className="settlement-card__header">
        <h3 id={headingId} className="settlement-card__title">
          {formatMonth(s.month, lang)} · {t('ui.settlement.fields.dailyRate')} {money(s.dailyRate)}
        </h3>
        <SettlementStatusBadge status={s.status} />
      </header>
      {s.status === 'returned' && s.returnNote && (
        <div className="settlement-note" role="note" aria-label={t('ui.settlement.returnNoteTitle')}>
          <strong>{t('ui.settlement.returnNoteTitle')}</strong>
          <p>{s.returnNote}</p>
        </div>
      )}
      <dl className="settlement-summary">
        <div>
          <dt>{t('ui.settlement.fields.hours')}</dt>
          <dd>{formatDuration(s.minutes)}</dd>
        </div>
        <div>
          <dt>{t('ui.settlement.fields.gross')}</dt>
          <dd>{money(s.grossAmount)}</dd>
        </div>
        <div>
          <dt>{t('ui.settlement.fields.withholding')}</dt>
          <dd>{money(s.withholdingAmount)}</dd>
        </div>
        <div>
          <dt>{t('ui.settlement.fields.net')}</dt>
          <dd className="settlement-summary__net">{money(s.netAmount)}</dd>
        </div>
      </dl>
      {s.status === 'submitted' && s.submittedAt && (
        <p className="settlement-card__meta">
          {t('ui.settlement.submittedOn', { date: formatDateTime(s.submittedAt, lang) })}
          {s.autoApproveAt &&
            ` · ${t('ui.settlement.autoApproveOn', { date: formatDate(s.autoApproveAt, lang) })}`}
        </p>
      )}
      {s.status === 'paid' && s.paidDt && (
        <p className="settlement-card__meta">
          {t('ui.settlement.paidOn', { date: formatDate(s.paidDt, lang), reference: s.paidReference ?? '' })}
        </p>
      )}
      <div className="settlement-actions">
        {s.can?.submit && (
          <Button size="small" isLoading={submit.isPending} onClick={() => void confirmSubmit()}>
            {t('ui.settlement.actions.submit')}
          </Button>
        )}
        <ExportButtons settlement={s} />
      </div>
      {detail.isLoading ? (
        <p role="status">{t('ui.common.loading')}</p>
      ) : detail.isError ? (
        <p role="alert">{t('ui.common.loadFailed')}</p>
      ) : (
        <SettlementLines settlement={s} />
      )}
    </article>
  );
}
