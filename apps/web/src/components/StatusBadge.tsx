import { useTranslation } from 'react-i18next';

/**
 * A story or milestone status as a coloured pill (colour and word, never colour alone), the same on
 * every page: one word per status (ui.status in the texts), colours in styles.css with ≥ 4.5:1 contrast.
 */
export function StatusBadge({ status, compact = false }: { status: string; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`status-badge status--${status}${compact ? ' status-badge--compact' : ''}`}
      data-status={status}
    >
      {t(`ui.status.${status}`, { defaultValue: status })}
    </span>
  );
}
