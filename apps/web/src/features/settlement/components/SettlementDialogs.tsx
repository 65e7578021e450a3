import {
  isoDateToCode,
  paySettlementRequest,
  returnSettlementRequest,
  type PaySettlementRequest,
  type ReturnSettlementRequest,
} from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { Form, FormField, FormText } from '../../../components/ui/Form';
import { Modal } from '../../../components/ui/Modal';
import { useServerError } from '../../../lib/form';
import { requestForm, useZodForm } from '../../../lib/zod-form';

/** Return with a required note (what should change). */
export function ReturnDialog({
  isOpen,
  isPending,
  onClose,
  onReturn,
}: {
  isOpen: boolean;
  isPending: boolean;
  onClose: () => void;
  onReturn: (body: ReturnSettlementRequest) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(returnSettlementRequest, { defaultValues: { note: '' } });
  const onServerError = useServerError(form);
  async function send(body: ReturnSettlementRequest) {
    try {
      await onReturn(body);
      form.reset({ note: '' });
    } catch (error) {
      onServerError(error);
    }
  }
  return (
    <Modal
      title={t('ui.settlement.returnDialog.title')}
      isOpen={isOpen}
      onClose={onClose}
      formId="settlement-return-form"
      confirmText={t('ui.settlement.returnDialog.confirm')}
      isConfirmLoading={isPending}
      isDanger
      size="small"
    >
      <Form id="settlement-return-form" className="form" form={form} onSubmit={send}>
        <FormField
          name="note"
          label={t('ui.settlement.returnDialog.note')}
          messages={{ required: t('ui.settlement.returnDialog.required') }}
        >
          {(props) => (
            <textarea {...props} className="input dp-textarea" maxLength={2000} {...form.register('note')} />
          )}
        </FormField>
      </Form>
    </Modal>
  );
}

interface PayForm {
  paidDt: string;
  reference: string;
}
const paySchema = requestForm<PayForm, PaySettlementRequest>(
  (v) => ({ paidDt: v.paidDt ? isoDateToCode(v.paidDt) : '', reference: v.reference }),
  paySettlementRequest,
);
const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Mark paid: the payment date and a reference (required: marked, aria-required, its own message). */
export function PayDialog({
  isOpen,
  isPending,
  onClose,
  onPay,
}: {
  isOpen: boolean;
  isPending: boolean;
  onClose: () => void;
  onPay: (body: PaySettlementRequest) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(paySchema, { defaultValues: { paidDt: todayIso(), reference: '' } });
  const onServerError = useServerError(form);
  async function send(body: PaySettlementRequest) {
    try {
      await onPay(body);
      form.reset({ paidDt: todayIso(), reference: '' });
    } catch (error) {
      onServerError(error);
    }
  }
  return (
    <Modal
      title={t('ui.settlement.payDialog.title')}
      isOpen={isOpen}
      onClose={onClose}
      formId="settlement-pay-form"
      confirmText={t('ui.settlement.payDialog.confirm')}
      isConfirmLoading={isPending}
      size="small"
    >
      <Form id="settlement-pay-form" className="form" form={form} onSubmit={send}>
        <FormText type="date" name="paidDt" label={t('ui.settlement.payDialog.paidDt')} />
        <FormText
          name="reference"
          maxLength={200}
          required
          aria-required="true"
          label={
            <>
              {t('ui.settlement.payDialog.reference')}
              <span className="field__required" aria-hidden="true">
                {'\u00a0*'}
              </span>
            </>
          }
          messages={{ required: t('ui.settlement.payDialog.required') }}
        />
      </Form>
    </Modal>
  );
}
