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
