import { useEffect, useId, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Icon } from './Icon';

interface ModalProps {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
  /** Footer: confirm and cancel buttons when onConfirm is given. */
  onConfirm?: () => void;
  confirmText?: string;
  cancelText?: string;
  /** Only the confirm button: an acknowledgement with nothing to cancel (a secret shown once). */
  hideCancel?: boolean;
  isConfirmLoading?: boolean;
  /** A destructive confirm (delete, reject) is red. */
  isDanger?: boolean;
  /** The confirm button submits this form id instead of calling onConfirm. */
  formId?: string;
  isDraggable?: boolean;
  isZoomable?: boolean;
  size?: 'small' | 'medium';
}

/** docs/product/i18n-and-modes.md#widgets: title, optional drag and zoom, close, confirm/cancel footer. */
export function Modal({
  title,
  isOpen,
  onClose,
  children,
  onConfirm,
  confirmText,
  cancelText,
  hideCancel = false,
  isConfirmLoading,
  isDanger = false,
  formId,
  isDraggable = false,
  isZoomable = false,
  size = 'medium',
}: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const [isExpanded, setIsExpanded] = useState(false);
  const drag = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    if (!isOpen) return;
    const previous = document.activeElement as HTMLElement | null;
    const first = dialogRef.current?.querySelector<HTMLElement>(
      'input, select, textarea, button:not(.modal__close)',
    );
    (first ?? dialogRef.current)?.focus();
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') onClose();
      if (event.key !== 'Tab' || !dialogRef.current) return;
      // Keep keyboard focus inside the dialog.
      const focusable = dialogRef.current.querySelectorAll<HTMLElement>(
        'button:not(:disabled), input:not(:disabled), select, textarea, a[href], [tabindex="0"]',
      );
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      previous?.focus?.();
    };
  }, [isOpen, onClose]);

  if (!isOpen) return null;

  function handleToggleSize() {
    // docs/product/i18n-and-modes.md#widgets: the size toggle resets the drag position.
    setIsExpanded((v) => !v);
    setOffset({ x: 0, y: 0 });
  }
  function handlePointerDown(event: PointerEvent<HTMLDivElement>) {
    if (!isDraggable || isExpanded || (event.target as HTMLElement).closest('button')) return;
    drag.current = { x: event.clientX - offset.x, y: event.clientY - offset.y };
    event.currentTarget.setPointerCapture(event.pointerId);
  }
  function handlePointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!drag.current) return;
    setOffset({ x: event.clientX - drag.current.x, y: event.clientY - drag.current.y });
  }
  function handlePointerUp() {
    drag.current = null;
  }

  return createPortal(
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`modal modal--${size}${isExpanded ? ' modal--expanded' : ''}`}
        style={isExpanded ? undefined : { transform: `translate(${offset.x}px, ${offset.y}px)` }}
      >
        <div
          className={`modal__header${isDraggable ? ' modal__header--draggable' : ''}`}
          onPointerDown={handlePointerDown}
          onPointerMove={handlePointerMove}
          onPointerUp={handlePointerUp}
        >
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {isZoomable && (
            <button
              type="button"
              className="icon-btn"
              onClick={handleToggleSize}
              aria-label={t(isExpanded ? 'ui.modal.shrink' : 'ui.modal.expand')}
            >
              <Icon name={isExpanded ? 'shrink' : 'expand'} />
            </button>
          )}
          <button
            type="button"
            className="icon-btn modal__close"
            onClick={onClose}
            aria-label={t('ui.common.close')}
          >
            <Icon name="close" />
          </button>
        </div>
        <div className="modal__body">{children}</div>
        {(onConfirm || formId) && (
          <div className="modal__footer">
            {!hideCancel && (
              <Button variant="outline" size="medium" onClick={onClose}>
                {cancelText ?? t('ui.common.cancel')}
              </Button>
            )}
            <Button
              size="medium"
              variant={isDanger ? 'danger' : 'green'}
              type={formId ? 'submit' : 'button'}
              form={formId}
              onClick={formId ? undefined : onConfirm}
              isLoading={isConfirmLoading}
            >
              {confirmText ?? t('ui.common.confirm')}
            </Button>
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
