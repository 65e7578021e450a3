import { useTranslation } from 'react-i18next';
import { useToastStore, type ToastIcon } from '../../stores/toast-store';
import { Icon, type IconName } from './Icon';

const iconOf: Record<ToastIcon, IconName> = {
  success: 'check',
  error: 'error',
  info: 'info',
  warning: 'warning',
};

/** docs/product/i18n-and-modes.md#toasts-and-alerts: stacked at the bottom-left, icon, text, optional close; 32rem wide on mobile, 47rem otherwise. */
export function Toasts() {
  const { t } = useTranslation();
  const toasts = useToastStore((s) => s.toasts);
  const remove = useToastStore((s) => s.remove);
  return (
    <div className="toasts" role="region" aria-label={t('ui.toast.region')} aria-live="polite">
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`toast toast--${item.icon}`}
          data-testid="toast"
          role={item.icon === 'error' ? 'alert' : 'status'}
        >
          <Icon name={iconOf[item.icon]} className="toast__icon" />
          <span className="toast__text">{item.text}</span>
          {item.action && (
            <button
              type="button"
              className="btn btn--ghost toast__action"
              onClick={() => {
                remove(item.id);
                item.action?.run();
              }}
            >
              {item.action.label}
            </button>
          )}
          {item.close && (
            <button
              type="button"
              className="icon-btn toast__close"
              onClick={() => remove(item.id)}
              aria-label={t('ui.toast.close')}
            >
              <Icon name="close" size={18} />
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
