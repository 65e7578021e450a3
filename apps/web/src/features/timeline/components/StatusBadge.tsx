import { useTranslation } from 'react-i18next';

/** A status as a coloured pill (colour + text, never colour alone). */
export function StatusBadge({ status, compact = false }: { status: string; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`status-badge status--${status}${compact ? ' status-badge--compact' : ''}`}>
      {t(`ui.planning.status.${status}`)}
    </span>
  );
}
