import {
  ACCESS_TOKEN_MAX_DAYS,
  ACCESS_TOKEN_NAME_MAX,
  tokenAreas,
  type CreatedAccessToken,
  type TokenArea,
  type TokenScope,
} from '@teamline/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/Modal';
import { TextInput } from '../../../components/ui/TextInput';
import { ApiError, errorCodeOf } from '../../../lib/api-client';
import { notify } from '../../../stores/toast-store';
import { accessTokenApi } from '../api/access-token-api';

type Access = 'none' | 'read' | 'write';
type Expiry = '30' | '90' | '365' | 'date';
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const daysAhead = (days: number) => dayOf(new Date(Date.now() + days * 86_400_000));

/**
 * A new token: its name, a read and a write box per area (write checks read), and when it ends
 * (30, 90 or 365 days, or a date at most a year ahead). The server asks for a fresh factor first.
 */
export function CreateTokenDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: CreatedAccessToken) => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const [name, setName] = useState('');
  const [access, setAccess] = useState<Record<TokenArea, Access>>({
    planning: 'none',
    time: 'none',
    documents: 'none',
    settlement: 'none',
  });
  const [expiry, setExpiry] = useState<Expiry>('90');
  const [date, setDate] = useState(daysAhead(30));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setIsSaving] = useState(false);

  const scopes = tokenAreas.flatMap((area): TokenScope[] =>
    access[area] === 'none' ? [] : [`${area}:${access[area]}`],
  );

  function toggle(area: TokenArea, box: 'read' | 'write', checked: boolean) {
    setAccess((current) => ({
      ...current,
      [area]: box === 'write' ? (checked ? 'write' : 'read') : checked ? 'read' : 'none',
    }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = 'required';
    if (scopes.length === 0) found.scopes = 'tokenScopes';
    if (expiry === 'date' && !(date > dayOf(new Date()) && date <= daysAhead(ACCESS_TOKEN_MAX_DAYS)))
      found.expiresOn = 'tokenExpiry';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setIsSaving(true);
    try {
      const lifetime = expiry === 'date' ? { expiresOn: date } : { days: Number(expiry) as 30 | 90 | 365 };
      onCreated(await accessTokenApi.create({ name: name.trim(), scopes, ...lifetime }));
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0)
        setErrors(error.fieldErrors);
      else notify(t(`errors.${errorCodeOf(error)}`), 'error');
    } finally {
      setIsSaving(false);
    }
  }

  const message = (field: string) => (errors[field] ? t(`validation.${errors[field]}`) : undefined);

  return (
    <Modal
      title={t('ui.accessToken.createTitle')}
      isOpen
      onClose={onClose}
      formId={formId}
      confirmText={t('ui.accessToken.create')}
      isConfirmLoading={isSaving}
    >
      <form id={formId} className="form" onSubmit={(event) => void submit(event)} noValidate>
        <TextInput
          label={t('ui.accessToken.name')}
          hint={t('ui.accessToken.nameHint')}
          value={name}
          maxLength={ACCESS_TOKEN_NAME_MAX}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
          error={message('name')}
        />
        <fieldset className="token-scopes" aria-describedby={`${formId}-scopes-hint`}>
          <legend className="field__label">{t('ui.accessToken.scopes')}</legend>
          {tokenAreas.map((area) => (
            <div key={area} className="token-scopes__row" data-testid={`scope-${area}`}>
              <span className="token-scopes__area">{t(`ui.accessToken.areas.${area}`)}</span>
              <label>
                <input
                  type="checkbox"
                  checked={access[area] !== 'none'}
                  disabled={access[area] === 'write'}
                  onChange={(event) => toggle(area, 'read', event.target.checked)}
                  aria-label={`${t(`ui.accessToken.areaShort.${area}`)} ${t('ui.accessToken.read')}`}
                />{' '}
                {t('ui.accessToken.read')}
              </label>
              <label>
                <input
                  type="checkbox"
                  checked={access[area] === 'write'}
                  onChange={(event) => toggle(area, 'write', event.target.checked)}
                  aria-label={`${t(`ui.accessToken.areaShort.${area}`)} ${t('ui.accessToken.write')}`}
                />{' '}
                {t('ui.accessToken.write')}
              </label>
            </div>
          ))}
          <p id={`${formId}-scopes-hint`} className="field__hint">
            {t('ui.accessToken.scopesHint')}
          </p>
          {errors.scopes && (
            <p className="field__error" role="alert">
              {message('scopes')}
            </p>
          )}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={`${formId}-expiry`}>
            {t('ui.accessToken.expiry')}
          </label>
          <select
            id={`${formId}-expiry`}
            className="input"
            value={expiry}
            onChange={(event) => setExpiry(event.target.value as Expiry)}
          >
            <option value="30">{t('ui.accessToken.days30')}</option>
            <option value="90">{t('ui.accessToken.days90')}</option>
            <option value="365">{t('ui.accessToken.days365')}</option>
            <option value="date">{t('ui.accessToken.onDate')}</option>
          </select>
        </div>
        {expiry === 'date' && (
          <div className="field">
            <label className="field__label" htmlFor={`${formId}-date`}>
              {t('ui.accessToken.date')}
            </label>
            <input
              id={`${formId}-date`}
              className="input"
              type="date"
              value={date}
              min={daysAhead(1)}
              max={daysAhead(ACCESS_TOKEN_MAX_DAYS)}
              onChange={(event) => setDate(event.target.value)}
              aria-invalid={errors.expiresOn ? true : undefined}
            />
            {errors.expiresOn && (
              <p className="field__error" role="alert">
                {message('expiresOn')}
              </p>
            )}
          </div>
        )}
      </form>
    </Modal>
  );
}
