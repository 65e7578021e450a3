import type { StorageUsage } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';

/** Bytes used against a quota, as text and as a bar that turns amber past 80 % and red past 95 %. */
export function StorageBar({ usage, testId }: { usage: StorageUsage; testId: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const share = Math.min(1, usage.usedBytes / usage.quotaBytes);
  const level = share >= 0.95 ? 'full' : share >= 0.8 ? 'high' : 'ok';
  return (
    <div className="storage-usage" data-testid={testId}>
      <p className="storage-usage__text">
        {t('ui.myData.storage.used', {
          used: formatFileSize(usage.usedBytes, lang),
          quota: formatFileSize(usage.quotaBytes, lang),
        })}
      </p>
      <div
        className={`storage-usage__bar storage-usage__bar--${level}`}
        role="meter"
        aria-label={t('ui.myData.storage.barLabel')}
        aria-valuemin={0}
        aria-valuemax={usage.quotaBytes}
        aria-valuenow={usage.usedBytes}
        aria-valuetext={t('ui.myData.storage.used', {
          used: formatFileSize(usage.usedBytes, lang),
          quota: formatFileSize(usage.quotaBytes, lang),
        })}
      >
        <span style={{ width: `${(share * 100).toFixed(2)}%` }} />
      </div>
    </div>
  );
}

/**
 * A card of storage use (the member's in the profile, the project's in Settings › General): its
 * heading and intro, then the bar once the usage is in, or a loading or error line.
 */
export function StorageCard({
  id,
  className = '',
  heading,
  intro,
  usage,
  testId,
}: {
  id: string;
  className?: string;
  heading: string;
  intro: string;
  usage: { data?: StorageUsage; isError: boolean };
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <section className={`card section ${className}`.trim()} aria-labelledby={id}>
      <h3 id={id} className="section__title">
        {heading}
      </h3>
      <p className="muted">{intro}</p>
      {usage.data ? (
        <StorageBar usage={usage.data} testId={testId} />
      ) : (
        <p className="muted" role={usage.isError ? 'alert' : 'status'}>
          {usage.isError ? t('ui.myData.storage.error') : t('ui.myData.storage.loading')}
        </p>
      )}
    </section>
  );
}
