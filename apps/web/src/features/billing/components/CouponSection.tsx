import { useMutation } from '@tanstack/react-query';
import { registerCouponRequest, type ProjectCouponDto, type RegisterCouponRequest } from '@teamline/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Form, FormText } from '../../../components/ui/Form';
import { Modal } from '../../../components/ui/Modal';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useZodForm } from '../../../lib/zod-form';
import { notify } from '../../../stores/toast-store';
import { billingApi } from '../api/billing-api';
import { useBillingRefresh, useCoupons } from '../api/use-billing';
import { AdminOnlyNote, BillingTable } from './parts';

/** Settings › Coupons: the project's registered coupons and couponPop to register a number. */
export function CouponSection({ projectIdx, canManage }: { projectIdx: number; canManage: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const query = useCoupons(projectIdx, canManage);
  const [isOpen, setIsOpen] = useState(false);
  if (!canManage)
    return (
      <div className="card billing-card">
        <h3>{t('ui.billing.coupons.title')}</h3>
        <AdminOnlyNote />
      </div>
    );
  return (
    <div className="card billing-card" data-testid="billing-coupons">
      <div className="billing-card__head">
        <h3>{t('ui.billing.coupons.title')}</h3>
        <Button size="medium" onClick={() => setIsOpen(true)} data-testid="coupon-register">
          {t('ui.billing.coupons.register')}
        </Button>
      </div>
      <BillingTable
        query={query}
        empty={t('ui.billing.coupons.empty')}
        columns={[
          { label: t('ui.billing.coupons.number') },
          { label: t('ui.billing.coupons.type') },
          { label: t('ui.billing.coupons.benefit') },
          { label: t('ui.billing.coupons.validUntil') },
          { label: t('ui.billing.coupons.registeredOn') },
        ]}
      >
        {(rows) =>
          rows.map((c) => (
            <tr key={c.couponIdx} data-testid="coupon-row">
              <td data-label={t('ui.billing.coupons.number')}>
                <code>{c.number}</code>
              </td>
              <td data-label={t('ui.billing.coupons.type')}>{t(`ui.billing.coupons.types.${c.type}`)}</td>
              <td data-label={t('ui.billing.coupons.benefit')}>
                <CouponBenefit coupon={c} />
              </td>
              <td data-label={t('ui.billing.coupons.validUntil')}>{formatDate(c.validUntil, lang)}</td>
              <td data-label={t('ui.billing.coupons.registeredOn')}>{formatDate(c.registeredAt, lang)}</td>
            </tr>
          ))
        }
      </BillingTable>
      {isOpen && <CouponDialog projectIdx={projectIdx} onClose={() => setIsOpen(false)} />}
    </div>
  );
}

/** "20% off · 3 of 3 periods left", or free periods for a 100 % coupon. */
export function CouponBenefit({ coupon }: { coupon: ProjectCouponDto }) {
  const { t } = useTranslation();
  const benefit =
    coupon.percentOff >= 100
      ? t('ui.billing.coupons.freePeriods', { count: coupon.periods })
      : t('ui.billing.coupons.percentOff', { percent: coupon.percentOff });
  return (
    <>
      {benefit}
      <br />
      <span className="billing-muted">
        {t('ui.billing.coupons.remaining', { left: coupon.remainingPeriods, count: coupon.periods })}
      </span>
    </>
  );
}

/** couponPop: a coupon number; each docs/product/billing.md#coupons coupon refusal is shown on the field in its own words. */
export function CouponDialog({ projectIdx, onClose }: { projectIdx: number; onClose: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const refresh = useBillingRefresh(projectIdx);
  const form = useZodForm(registerCouponRequest, { defaultValues: { number: '', projectIdx } });
  const register = useMutation({
    mutationFn: (body: RegisterCouponRequest) => billingApi.registerCoupon(body),
    onSuccess: async () => {
      notify(t('ui.billing.couponPop.done'), 'success');
      await refresh();
      onClose();
    },
    onError: (error) =>
      form.setError(
        'number',
        { type: 'server', message: `errors.${errorCodeOf(error)}` },
        { shouldFocus: true },
      ),
  });
  return (
    <Modal
      title={t('ui.billing.couponPop.title')}
      isOpen
      onClose={onClose}
      formId={formId}
      confirmText={t('ui.billing.couponPop.confirm')}
      isConfirmLoading={register.isPending}
      size="small"
    >
      <Form
        id={formId}
        className="form billing-form"
        form={form}
        onSubmit={(body) => {
          if (!register.isPending) register.mutate(body);
        }}
      >
        <FormText
          name="number"
          label={t('ui.billing.couponPop.number')}
          placeholder={t('ui.billing.couponPop.placeholder')}
          autoComplete="off"
          maxLength={40}
          messages={{ required: t('ui.billing.couponPop.required') }}
        />
      </Form>
    </Modal>
  );
}
