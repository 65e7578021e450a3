import { useMutation } from '@tanstack/react-query';
import type { CardDto, CardListDto } from '@teamline/contract';
import { useId, useState, type ChangeEvent } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AlertRejected, openAlert } from '../../../components/ui/alert-store';
import { Button } from '../../../components/ui/Button';
import { Form, FormText } from '../../../components/ui/Form';
import { Modal } from '../../../components/ui/Modal';
import { formatDate } from '../../../lib/format';
import { useServerError } from '../../../lib/form';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useLanguage } from '../../../lib/use-language';
import { useZodForm } from '../../../lib/zod-form';
import { notify } from '../../../stores/toast-store';
import { billingApi } from '../api/billing-api';
import { useBillingRefresh, useCards, useSubscription } from '../api/use-billing';
import {
  cardFormSchema,
  emptyCardForm,
  formatCardNumber,
  formatExpiry,
  type CardFormValues,
  type CardRequestBody,
} from '../logic/card-form';
import { isPaymentRefusal, refusalText } from '../logic/result';
import { requestTossBillingAuth } from '../logic/toss';
import { CardBillingAddress } from './CardBillingAddress';
import { AdminOnlyNote, LoadState } from './parts';

/** Settings › Card: the registered card (brand, issuer, last four), registering one, deleting it. */
export function CardSection({ projectIdx, canManage }: { projectIdx: number; canManage: boolean }) {
  const { t } = useTranslation();
  const query = useCards(canManage);
  if (!canManage)
    return (
      <div className="card billing-card">
        <h3>{t('ui.billing.card.title')}</h3>
        <AdminOnlyNote />
      </div>
    );
  return (
    <LoadState query={query}>
      {() => query.data && <CardList projectIdx={projectIdx} list={query.data} />}
    </LoadState>
  );
}

function CardList({ projectIdx, list }: { projectIdx: number; list: CardListDto }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [isOpen, setIsOpen] = useState(false);
  const refresh = useBillingRefresh(projectIdx);
  const onError = useErrorToast();
  const sub = useSubscription(projectIdx).data;
  const renewing =
    sub?.subscriptionIdx != null && sub.plan !== 'FREE' && sub.status !== 'CANCELED' ? sub : null;
  const renewalCard = useMutation({
    mutationFn: (cardIdx: number) => billingApi.update(renewing!.subscriptionIdx!, { cardIdx }),
    onSuccess: async () => {
      notify(t('ui.billing.card.renewalsSet'), 'success');
      await refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (cardIdx: number) => billingApi.deleteCard(cardIdx),
    onSuccess: async () => {
      notify(t('ui.billing.card.deleted'), 'success');
      await refresh();
    },
    onError,
  });

  async function handleDelete(card: CardDto) {
    try {
      await openAlert(t('ui.billing.card.deleteConfirm', { last4: card.last4 }), {
        confirmText: t('ui.billing.card.delete'),
        isDanger: true,
      });
    } catch (error) {
      if (error instanceof AlertRejected) return;
      throw error;
    }
    remove.mutate(card.cardIdx);
  }

  function handleRegister() {
    if (list.gateway === 'toss' && list.tossClientKey && list.customerKey) {
      requestTossBillingAuth(list.tossClientKey, list.customerKey).catch(() =>
        notify(t('errors.CARD_REGISTRATION_FAILED'), 'error'),
      );
      return;
    }
    setIsOpen(true);
  }

  return (
    <div className="card billing-card" data-testid="billing-card">
      <div className="billing-card__head">
        <h3>{t('ui.billing.card.title')}</h3>
        <Button size="medium" onClick={handleRegister} data-testid="card-register">
          {list.cards.length > 0 ? t('ui.billing.card.add') : t('ui.billing.card.register')}
        </Button>
      </div>
      {list.cards.length === 0 ? (
        <p className="billing-note">{t('ui.billing.card.none')}</p>
      ) : (
        <ul className="billing-cards">
          {list.cards.map((card) => (
            <li key={card.cardIdx} className="billing-cards__item" data-testid="card-item">
              <span className="billing-cards__chip" aria-hidden="true">
                {card.brand.slice(0, 4).toUpperCase()}
              </span>
              <span className="billing-cards__text">
                <strong>
                  {card.brand} {t('ui.billing.card.masked', { last4: card.last4 })}
                </strong>
                <span className="billing-muted">
                  {card.issuer} ·{' '}
                  {t('ui.billing.card.registeredOn', { date: formatDate(card.createdAt, lang) })}
                </span>
              </span>
              <span className="billing-cards__actions">
                {renewing &&
                  (renewing.card?.cardIdx === card.cardIdx ? (
                    <span className="pill pill--done">{t('ui.billing.card.renewals')}</span>
                  ) : (
                    <Button
                      size="small"
                      variant="outline"
                      isLoading={renewalCard.isPending && renewalCard.variables === card.cardIdx}
                      onClick={() => renewalCard.mutate(card.cardIdx)}
                    >
                      {t('ui.billing.card.useForRenewals')}
                    </Button>
                  ))}
                <Button
                  size="small"
                  variant="ghost"
                  isLoading={remove.isPending && remove.variables === card.cardIdx}
                  onClick={() => void handleDelete(card)}
                  aria-label={`${t('ui.billing.card.delete')} ${t('ui.billing.card.masked', { last4: card.last4 })}`}
                >
                  {t('ui.billing.card.delete')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {isOpen && <CardDialog projectIdx={projectIdx} onClose={() => setIsOpen(false)} />}
    </div>
  );
}

/** The messages of ui.billing.cardPop.errors.*, keyed as the card form's schema names them. */
function useCardMessages(): Record<string, string> {
  const { t } = useTranslation();
  const keys = [
    'required',
    'cardNumber',
    'luhn',
    'expiryFormat',
    'expired',
    'birth',
    'businessNumber',
    'password',
    'cvv',
    'phone',
    'zipCode',
  ] as const;
  return Object.fromEntries(keys.map((k) => [k, t(`ui.billing.cardPop.errors.${k}`)]));
}

const cardSchema = cardFormSchema();

/**
 * cardPop: the docs/product/billing.md#cards-and-gateway card fields of the sandbox gateway. A refused
 * card is said in the dialog, above the form the user filled (issue 33: leaving for /payment-failure
 * lost it).
 */
export function CardDialog({ projectIdx, onClose }: { projectIdx: number; onClose: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const refresh = useBillingRefresh(projectIdx);
  const [refusal, setRefusal] = useState<string | null>(null);
  const messages = useCardMessages();
  const form = useZodForm<CardFormValues, CardRequestBody>(cardSchema, { defaultValues: emptyCardForm });
  const onServerError = useServerError(form);
  const isCorporate = form.watch('isCorporate');
  const isForeign = form.watch('isForeign');
  const register = useMutation({
    mutationFn: (body: CardRequestBody) => billingApi.registerCard(body),
    onSuccess: async () => {
      notify(t('ui.billing.card.registered'), 'success');
      await refresh();
      onClose();
    },
    onError: (error) => {
      if (isPaymentRefusal(error)) {
        setRefusal(refusalText(t, error));
        return;
      }
      setRefusal(null);
      onServerError(error);
    },
  });
  const reformat =
    (name: 'cardNumber' | 'expiry', format: (v: string) => string) =>
    (event: ChangeEvent<HTMLInputElement>) =>
      form.setValue(name, format(event.target.value), { shouldValidate: form.formState.isSubmitted });

  return (
    <Modal
      title={t('ui.billing.cardPop.title')}
      isOpen
      onClose={onClose}
      formId={formId}
      confirmText={t('ui.billing.cardPop.confirm')}
      isConfirmLoading={register.isPending}
    >
      <Form
        id={formId}
        className="form billing-form"
        form={form}
        onSubmit={(body) => {
          if (register.isPending) return;
          setRefusal(null);
          register.mutate(body);
        }}
      >
        {refusal && (
          <p className="field__error billing-refusal" role="alert" data-testid="card-refusal">
            {refusal}
          </p>
        )}
        <p className="billing-note">{t('ui.billing.cardPop.sandbox')}</p>
        {(['isForeign', 'isCorporate'] as const).map((name) =>
          // A card issued abroad is never a Korean corporate card.
          name === 'isCorporate' && isForeign ? null : (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <label className="settings__check">
                  <input
                    type="checkbox"
                    checked={field.value}
                    onChange={(e) => field.onChange(e.target.checked)}
                    onBlur={field.onBlur}
                  />
                  {t(name === 'isForeign' ? 'ui.billing.cardPop.foreign' : 'ui.billing.cardPop.corporate')}
                </label>
              )}
            />
          ),
        )}
        <FormText
          name="cardNumber"
          label={t('ui.billing.cardPop.cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="0000 0000 0000 0000"
          maxLength={23}
          messages={messages}
          onChange={reformat('cardNumber', formatCardNumber)}
        />
        <div className="billing-form__row">
          <FormText
            name="expiry"
            label={t('ui.billing.cardPop.expiry')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('ui.billing.cardPop.expiryPlaceholder')}
            maxLength={5}
            messages={messages}
            onChange={reformat('expiry', formatExpiry)}
          />
          <FormText
            name="cvv"
            label={t('ui.billing.cardPop.cvv')}
            inputMode="numeric"
            autoComplete="cc-csc"
            isNumberOnly
            maxLength={4}
            messages={messages}
          />
        </div>
        {isForeign ? (
          <CardBillingAddress messages={messages} />
        ) : (
          <>
            {isCorporate ? (
              <FormText
                key="businessNumber"
                name="businessNumber"
                label={t('ui.billing.cardPop.businessNumber')}
                inputMode="numeric"
                placeholder="000-00-00000"
                maxLength={12}
                messages={messages}
              />
            ) : (
              <FormText
                key="birth"
                name="birth"
                label={t('ui.billing.cardPop.birth')}
                inputMode="numeric"
                isNumberOnly
                placeholder="YYMMDD"
                maxLength={6}
                messages={messages}
              />
            )}
            <FormText
              name="password"
              type="password"
              label={t('ui.billing.cardPop.password')}
              inputMode="numeric"
              autoComplete="off"
              isNumberOnly
              placeholder="••"
              maxLength={2}
              messages={messages}
            />
            <FormText
              name="ownerName"
              label={t('ui.billing.cardPop.ownerName')}
              autoComplete="cc-name"
              maxLength={60}
              messages={messages}
            />
          </>
        )}
      </Form>
    </Modal>
  );
}
