import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../lib/api-client';

/** A list that could not load: the translated error and "retry", in the list's place. */
export function InlineQueryError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <p className="field__error" role="alert">
      {t(`errors.${errorCodeOf(error)}`)}{' '}
      <button type="button" className="btn-link" onClick={retry}>
        {t('ui.common.retry')}
      </button>
    </p>
  );
}
