import { useMutation } from '@tanstack/react-query';
import type { SubscriptionDto } from '@teamline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openAlert, AlertRejected } from '../../../components/ui/alert-store';
import { Button } from '../../../components/ui/Button';
import { formatDate } from '../../../lib/format';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useLanguage } from '../../../lib/use-language';
import { notify } from '../../../stores/toast-store';
import { billingApi } from '../api/billing-api';
import { useBillingRefresh, useSubscription } from '../api/use-billing';
import { AdminOnlyNote, Facts, LoadState, Money } from './parts';
import { SheetsDialog, SubChangeDialog, SubscribeDialog } from './SubscriptionDialogs';

type OpenDialog = 'subscribe' | 'change' | 'add' | 'remove' | null;

const statusTone: Record<SubscriptionDto['status'], string> = {
  ACTIVE: 'done',
  PAST_DUE: 'refused',
  CANCELED: 'neutral',
};

/** Settings › Subscription: the plan, sheets against members, the period, and what an admin can change. */
export function SubscriptionSection({ projectIdx }: { projectIdx: number }) {
  const query = useSubscription(projectIdx);
  return (
    <LoadState query={query}>
      {() => query.data && <SubscriptionCard projectIdx={projectIdx} sub={query.data} />}
    </LoadState>
  );
}

function SubscriptionCard({ projectIdx, sub }: { projectIdx: number; sub: SubscriptionDto }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const refresh = useBillingRefresh(projectIdx);
  const onError = useErrorToast();
  const isPaid = sub.plan !== 'FREE' && sub.subscriptionIdx != null && sub.status !== 'CANCELED';
  const hasSubscribed = sub.plan !== 'FREE' && sub.subscriptionIdx != null;
  const covered = sub.sheets + sub.freeMembers;
  const missing = Math.max(sub.totalMember - covered, 0);
  const endDate = formatDate(sub.periodEndDt, lang);

  const cancel = useMutation({
    mutationFn: (cancelAtPeriodEnd: boolean) =>
      billingApi.update(sub.subscriptionIdx!, { cancelAtPeriodEnd }),
    onSuccess: async (_, cancelAtPeriodEnd) => {
      notify(
        cancelAtPeriodEnd
          ? t('ui.billing.subscription.canceled', { date: endDate })
          : t('ui.billing.subscription.resumed'),
        'success',
      );
      await refresh();
    },
    onError,
  });

  async function handleCancel() {
    try {
      await openAlert(t('ui.billing.subscription.cancelConfirm', { date: endDate }), {
        confirmText: t('ui.billing.subscription.cancel'),
        cancelText: t('ui.common.back'),
        isDanger: true,
      });
    } catch (error) {
      if (error instanceof AlertRejected) return;
      throw error;
    }
    cancel.mutate(true);
  }

  return (
    <div className="card billing-card" data-testid="billing-subscription">
      <div className="billing-card__head">
        <h3>{t('ui.billing.subscription.title')}</h3>
        {hasSubscribed && (
          <span className={`pill pill--${statusTone[sub.status]}`} data-status={sub.status}>
            {t(`ui.billing.subscription.statuses.${sub.status}`)}
          </span>
        )}
      </div>

      {sub.projectStatus === 'INACTIVE' && (
        <p className="billing-alert billing-alert--danger" role="alert" data-testid="billing-inactive">
          {t('ui.billing.subscription.inactive')}
        </p>
      )}
      {sub.warning && sub.projectStatus !== 'INACTIVE' && (
        <p className="billing-alert billing-alert--warning" role="status" data-testid="billing-warning">
          {sub.graceUntil
            ? t('ui.billing.subscription.warning', {
                members: sub.totalMember,
                covered,
                count: missing,
                date: formatDate(sub.graceUntil, lang),
              })
            : t('ui.billing.subscription.warningNoDate', {
                members: sub.totalMember,
                covered,
                count: missing,
              })}
        </p>
      )}
      {sub.status === 'PAST_DUE' && (
        <p className="billing-alert billing-alert--danger" role="status">
          {t('ui.billing.subscription.pastDue')}
        </p>
      )}

      {!isPaid && <p className="billing-note">{t('ui.billing.subscription.none')}</p>}

      <Facts
        rows={[
          [t('ui.billing.subscription.plan'), t(`ui.billing.plans.${sub.plan}`)],
          [t('ui.billing.subscription.sheets'), String(sub.sheets)],
          [
            t('ui.billing.subscription.members'),
            <span key="m" data-testid="billing-members-covered">
              {t('ui.billing.subscription.membersCovered', {
                members: t('ui.billing.memberCount', { count: sub.totalMember }),
                count: sub.sheets,
                free: sub.freeMembers,
                covered,
              })}
            </span>,
          ],
          sub.periodStartDt != null &&
            sub.periodEndDt != null && [
              t('ui.billing.subscription.period'),
              <span key="p">
                {t('ui.billing.subscription.periodRange', {
                  start: formatDate(sub.periodStartDt, lang),
                  end: endDate,
                })}
                <br />
                <span className="billing-muted">
                  {sub.cancelAtPeriodEnd || sub.status === 'CANCELED'
                    ? t('ui.billing.subscription.endsOn', { date: endDate })
                    : t('ui.billing.subscription.renewsOn', { date: endDate })}
                </span>
              </span>,
            ],
          sub.pendingPlan != null && [
            t('ui.billing.subChangePop.title'),
            t('ui.billing.subscription.nextPlan', {
              date: endDate,
              plan: t(`ui.billing.plans.${sub.pendingPlan}`),
            }),
          ],
          sub.pendingSheets != null && [
            t('ui.billing.sheetsPop.removeTitle'),
            t('ui.billing.subscription.nextSheets', { date: endDate, count: sub.pendingSheets }),
          ],
          sub.nextChargeAmount != null &&
            !sub.cancelAtPeriodEnd && [
              t('ui.billing.subscription.nextCharge'),
              <Money key="n" amount={sub.nextChargeAmount} currency={sub.currency} />,
            ],
          sub.card != null && [
            t('ui.billing.card.title'),
            `${sub.card.brand} ${t('ui.billing.card.masked', { last4: sub.card.last4 })}`,
          ],
          sub.coupon != null && [
            t('ui.billing.coupons.number'),
            `${sub.coupon.number} · ${t('ui.billing.coupons.percentOff', { percent: sub.coupon.percentOff })}`,
          ],
        ]}
      />

      {sub.canManage ? (
        <div className="billing-actions">
          {!isPaid && (
            <Button size="medium" onClick={() => setDialog('subscribe')} data-testid="billing-subscribe">
              {t('ui.billing.subscription.subscribe')}
            </Button>
          )}
          {isPaid && (
            <>
              <Button size="medium" onClick={() => setDialog('add')}>
                {t('ui.billing.subscription.addSheets')}
              </Button>
              <Button size="medium" variant="outline" onClick={() => setDialog('remove')}>
                {t('ui.billing.subscription.removeSheets')}
              </Button>
              <Button size="medium" variant="outline" onClick={() => setDialog('change')}>
                {t('ui.billing.subscription.changePlan')}
              </Button>
              {sub.cancelAtPeriodEnd ? (
                <Button
                  size="medium"
                  variant="outline"
                  isLoading={cancel.isPending}
                  onClick={() => cancel.mutate(false)}
                >
                  {t('ui.billing.subscription.resume')}
                </Button>
              ) : (
                <Button
                  size="medium"
                  variant="ghost"
                  isLoading={cancel.isPending}
                  onClick={() => void handleCancel()}
                >
                  {t('ui.billing.subscription.cancel')}
                </Button>
              )}
            </>
          )}
        </div>
      ) : (
        <AdminOnlyNote />
      )}

      {dialog === 'subscribe' && (
        <SubscribeDialog projectIdx={projectIdx} sub={sub} onClose={() => setDialog(null)} />
      )}
      {dialog === 'change' && (
        <SubChangeDialog projectIdx={projectIdx} sub={sub} onClose={() => setDialog(null)} />
      )}
      {(dialog === 'add' || dialog === 'remove') && (
        <SheetsDialog
          projectIdx={projectIdx}
          sub={sub}
          direction={dialog === 'add' ? 'ADD' : 'SUB'}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
