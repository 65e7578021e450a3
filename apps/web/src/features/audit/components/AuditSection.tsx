import { auditCategoryOf, auditKinds, type AuditListQuery } from '@teamline/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { DateInput } from '../../../components/ui/DateInput';
import { errorCodeOf } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { useProjectMembers } from '../../../lib/use-project-members';
import { saveBlob } from '../../../lib/save-blob';
import { notify } from '../../../stores/toast-store';
import { auditApi } from '../api/audit-api';
import { useProjectAudit } from '../api/use-audit';
import { AuditRecords } from './AuditRecords';
import { dayRange } from './day-range';
import './audit.css';

const categories = [...new Set(auditKinds.map(auditCategoryOf))];

interface Filters {
  memberIdx: string;
  kind: string;
  from: string;
  to: string;
}
const noFilters: Filters = { memberIdx: '', kind: '', from: '', to: '' };

/**
 * Settings › Audit (admin authority): the project's audit log, filtered by person, kind and dates,
 * 50 a page, and the filtered list as CSV (the download is itself recorded).
 */
export function AuditSection({ projectIdx }: { projectIdx: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const id = useId();
  const members = useProjectMembers(projectIdx);
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const change = (patch: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const base: Omit<AuditListQuery, 'page'> = {
    projectIdx,
    ...(filters.memberIdx ? { memberIdx: Number(filters.memberIdx) } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...dayRange(filters.from, filters.to),
  };
  const query = useProjectAudit({ ...base, page });

  async function download() {
    setExporting(true);
    try {
      const blob = await auditApi.exportCsv({ ...base, lang });
      const day = new Date().toISOString().slice(0, 10);
      saveBlob(blob, `audit-${projectIdx}-${day}.csv`);
      notify(t('ui.audit.exported'), 'success');
    } catch (error) {
      notify(t(`errors.${errorCodeOf(error)}`), 'error');
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="card audit" data-testid="audit-section">
      <div className="audit__head">
        <div>
          <h3>{t('ui.audit.title')}</h3>
          <p className="audit__intro">{t('ui.audit.intro')}</p>
        </div>
        <Button
          size="medium"
          variant="outline"
          isLoading={exporting}
          onClick={() => void download()}
          data-testid="audit-export"
        >
          {t('ui.audit.exportCsv')}
        </Button>
      </div>
      <fieldset className="audit__filters">
        <legend className="visually-hidden">{t('ui.audit.filters')}</legend>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-person`}>
            {t('ui.audit.person')}
          </label>
          <select
            id={`${id}-person`}
            className="input"
            value={filters.memberIdx}
            onChange={(e) => change({ memberIdx: e.target.value })}
            data-testid="audit-person"
          >
            <option value="">{t('ui.audit.everyone')}</option>
            {(members.data ?? []).map((m) => (
              <option key={m.memberIdx} value={m.memberIdx}>
                {m.nickname}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-kind`}>
            {t('ui.audit.kind')}
          </label>
          <select
            id={`${id}-kind`}
            className="input"
            value={filters.kind}
            onChange={(e) => change({ kind: e.target.value })}
            data-testid="audit-kind"
          >
            <option value="">{t('ui.audit.allKinds')}</option>
            {categories.map((category) => (
              <optgroup key={category} label={t(`ui.audit.categories.${category}`)}>
                <option value={category}>
                  {t('ui.audit.allOf', { category: t(`ui.audit.categories.${category}`) })}
                </option>
                {auditKinds
                  .filter((kind) => auditCategoryOf(kind) === category)
                  .map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`ui.audit.kindNames.${kind}`)}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-from`}>
            {t('ui.audit.from')}
          </label>
          <DateInput
            id={`${id}-from`}
            className="input"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(e) => change({ from: e.target.value })}
            data-testid="audit-from"
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-to`}>
            {t('ui.audit.to')}
          </label>
          <DateInput
            id={`${id}-to`}
            className="input"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(e) => change({ to: e.target.value })}
            data-testid="audit-to"
          />
        </div>
        <div className="audit__clear">
          <Button
            size="medium"
            variant="ghost"
            disabled={JSON.stringify(filters) === JSON.stringify(noFilters)}
            onClick={() => change(noFilters)}
          >
            {t('ui.audit.clear')}
          </Button>
        </div>
      </fieldset>
      <AuditRecords query={query} emptyText={t('ui.audit.empty')} page={page} onPage={setPage} />
    </div>
  );
}
