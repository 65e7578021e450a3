import { Button } from './Button';
import { openAlert } from './alert-store';

/** A red delete button that asks first (red confirm) and deletes only when confirmed. */
export function ConfirmDeleteButton({
  label,
  question,
  isLoading,
  onConfirm,
}: {
  label: string;
  question: string;
  isLoading?: boolean;
  onConfirm: () => void;
}) {
  return (
    <Button
      variant="danger"
      size="small"
      isLoading={isLoading}
      onClick={() =>
        void openAlert(question, { isDanger: true })
          .then(onConfirm)
          // Cancelling the question is the only rejection; nothing to do.
          .catch(() => undefined)
      }
    >
      {label}
    </Button>
  );
}
