import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertRejected, useAlertStore } from './alert-store';
import { Button } from './Button';

/** The one alert dialog host; open alerts with openAlert(). */
export function AlertDialog() {
  const { t } = useTranslation();
  const current = useAlertStore((s) => s.current);
  const setCurrent = useAlertStore((s) => s.set);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!current) return;
    confirmRef.current?.focus();
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        current?.reject(new AlertRejected());
        setCurrent(null);
      }
    }
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [current, setCurrent]);

  if (!current) return null;
  function handleConfirm() {
    current?.resolve(true);
    setCurrent(null);
  }
  function handleCancel() {
    current?.reject(new AlertRejected());
    setCurrent(null);
  }
  return (
    <div className="modal-backdrop">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="alert-text"
        className="modal modal--small alert"
      >
        <p id="alert-text" className="alert__text">
          {current.text}
        </p>
        <div className="modal__footer">
          <Button variant="outline" size="medium" onClick={handleCancel}>
            {current.cancelText ?? t('ui.common.cancel')}
          </Button>
          <Button
            ref={confirmRef}
            size="medium"
            variant={current.isDanger ? 'danger' : 'green'}
            onClick={handleConfirm}
          >
            {current.confirmText ?? t('ui.common.confirm')}
          </Button>
        </div>
      </div>
    </div>
  );
}
