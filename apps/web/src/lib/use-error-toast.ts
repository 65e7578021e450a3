import { useTranslation } from 'react-i18next';
import { notify } from '../stores/toast-store';
import { errorCodeOf } from './api-client';

/** A failed call as a translated toast (`errors.<code>`), for mutations without a form. */
export function useErrorToast() {
  const { t } = useTranslation();
  return (error: unknown) => notify(t(`errors.${errorCodeOf(error)}`), 'error');
}
