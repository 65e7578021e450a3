import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  currencies,
  currencyMinorDigits,
  type Budget,
  type BudgetList,
  type BudgetPeriod,
  type Currency,
} from '@teamline/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertRejected, openAlert } from '../../../components/ui/alert-store';
import { Button } from '../../../components/ui/Button';
import { errorCodeOf } from '../../../lib/api-client';
import { formatMinorUnits, formatMonth } from '../../../lib/format';
import { parseMajorToMinor } from '../../../lib/money-input';
import { useAbilities } from '../../../lib/use-abilities';
import { useLanguage } from '../../../lib/use-language';
import { notify } from '../../../stores/toast-store';
import { spendingApi, spendingKeys } from '../api/spending-api';

const refused = new Set(['ADMIN_OR_CLIENT_ONLY', 'PROJECT_ACCESS_DENIED']);

/** Whole percent of the budget spent, rounded down (the alerts compare exactly; this is for people). */
export const percentOf = (spent: number, amount: number) => Math.floor((spent * 100) / amount);

/**
 * The budgets of one project (its own and its milestones'): spend of the current period against the
 * amount with marks at 80 % and 100 %, the forecast, the thresholds reached, and the editor for
 * those who may manage them (`budget.manage`: clients and admin authority).
 */
export function BudgetsSection({ projectIdx, projectName }: { projectIdx: number; projectName?: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { can } = useAbilities(projectIdx);
  const query = useQuery({
    queryKey: spendingKeys.budgets(projectIdx),
    queryFn: () => spendingApi.budgets(projectIdx),
    retry: (count, error) => !refused.has(errorCodeOf(error) ?? '') && count < 2,
  });
  const [editing, setEditing] = useState<Budget | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: spendingKeys.budgets(projectIdx) });
  const remove = useMutation({
    mutationFn: (b: Budget) => spendingApi.remove(projectIdx, b.milestoneIdx),
    onSuccess: () => notify(t('ui.spending.budgets.removed'), 'success'),
    onError: (error) => notify(t(`errors.${errorCodeOf(error)}`), 'error'),
    onSettled: refresh,
  });
  const nameOf = (b: Budget) =>
    b.milestoneIdx === null
      ? t('ui.spending.budgets.project')
      : t('ui.spending.budgets.milestone', { title: b.milestoneTitle ?? '' });

  async function confirmRemove(b: Budget) {
    try {
      await openAlert(t('ui.spending.budgets.removeConfirm', { name: nameOf(b) }), {
        confirmText: t('ui.spending.budgets.remove'),
        isDanger: true,
      });
    } catch (error) {
      if (error instanceof AlertRejected) return;
      throw error;
    }
    remove.mutate(b);
  }

  const mayManage = can('budget.manage');
  return (
    <section className="card section" aria-labelledby="budgets-heading" data-testid="budgets-section">
      <h2 id="budgets-heading" className="section__title">
        {projectName
          ? t('ui.spending.budgets.heading', { project: projectName })
          : t('ui.spending.budgets.headingPlain')}
      </h2>
      <p className="muted">{t('ui.spending.budgets.intro')}</p>
      {query.isPending ? (
        <p className="muted" role="status">
          {t('ui.spending.budgets.loading')}
        </p>
      ) : query.isError ? (
        refused.has(errorCodeOf(query.error) ?? '') ? (
          <p className="muted" data-testid="budgets-not-allowed">
            {t('ui.spending.budgets.notAllowed')}
          </p>
        ) : (
          <div role="alert">
            <p>{t('ui.spending.budgets.error')}</p>
            <Button size="medium" variant="outline" onClick={() => void query.refetch()}>
              {t('ui.common.retry')}
            </Button>
          </div>
        )
      ) : (
        <>
          {query.data.budgets.length === 0 ? (
            <p className="muted" data-testid="budgets-empty">
              {t('ui.spending.budgets.empty')}
            </p>
          ) : (
            <ul className="budget-list">
              {query.data.budgets.map((b) => (
                <BudgetRow
                  key={b.budgetIdx}
                  budget={b}
                  name={nameOf(b)}
                  mayManage={mayManage}
                  onEdit={() => setEditing(b)}
                  onRemove={() => void confirmRemove(b)}
                />
              ))}
            </ul>
          )}
          {mayManage && (
            <BudgetEditor
              key={editing?.budgetIdx ?? 'new'}
              projectIdx={projectIdx}
              list={query.data}
              editing={editing}
              onDone={() => {
                setEditing(null);
                void refresh();
              }}
            />
          )}
        </>
      )}
    </section>
  );
}

function BudgetRow({
  budget: b,
  name,
  mayManage,
  onEdit,
  onRemove,
}: {
  budget: Budget;
  name: string;
  mayManage: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = (amount: number) => formatMinorUnits(amount, b.currency, lang);
  const percent = percentOf(b.spent, b.amount);
  // The bar's scale leaves room past 100 %, and fits the spend and the forecast.
  const scale = Math.max(Math.ceil(b.amount * 1.25), b.spent, b.forecast, 1);
  const at = (amount: number) => `${Math.min(100, (amount / scale) * 100)}%`;
  const level = b.reached.includes(100) ? 'over' : b.reached.includes(80) ? 'near' : 'ok';
  return (
    <li className="budget-row" data-testid="budget-row">
      <div className="budget-row__head">
        <p className="budget-row__name">
          <strong>{name}</strong>{' '}
          <span className="muted">
            {b.period === 'total'
              ? t('ui.spending.budgets.periodTotal')
              : t('ui.spending.budgets.periodMonth', { month: formatMonth(b.periodKey, lang) })}
          </span>
        </p>
        {mayManage && (
          <div className="budget-row__actions">
            <Button
              variant="outline"
              size="small"
              onClick={onEdit}
              aria-label={t('ui.spending.budgets.editLabel', { name })}
            >
              {t('ui.spending.budgets.edit')}
            </Button>
            <Button
              variant="outline"
              size="small"
              onClick={onRemove}
              aria-label={t('ui.spending.budgets.removeLabel', { name })}
            >
              {t('ui.spending.budgets.remove')}
            </Button>
          </div>
        )}
      </div>
      <div
        className={`budget-bar budget-bar--${level}`}
        role="img"
        aria-label={t('ui.spending.budgets.barLabel', { percent })}
      >
        <div className="budget-bar__fill" style={{ width: at(b.spent) }} />
        <div className="budget-bar__mark" style={{ left: at(Math.ceil(b.amount * 0.8)) }} data-mark="80" />
        <div
          className="budget-bar__mark budget-bar__mark--full"
          style={{ left: at(b.amount) }}
          data-mark="100"
        />
        <div className="budget-bar__forecast" style={{ left: at(b.forecast) }} />
      </div>
      <p className="budget-row__figures">
        {t('ui.spending.budgets.spent', { spent: money(b.spent), amount: money(b.amount), percent })}
      </p>
      <p className="budget-row__figures muted">
        {b.forecast > b.amount
          ? t('ui.spending.budgets.forecastOver', { amount: money(b.forecast) })
          : t('ui.spending.budgets.forecast', { amount: money(b.forecast) })}
      </p>
      {b.reached.length > 0 && (
        <p className="budget-row__badges">
          {b.reached.map((threshold) => (
            <span key={threshold} className={`budget-badge budget-badge--${threshold}`}>
              {t('ui.spending.budgets.reached', { threshold })}
            </span>
          ))}
        </p>
      )}
    </li>
  );
}

/** Major units as typed for the editor ("1,500,000", "12.50"). */
function majorText(amount: number, currency: Currency): string {
  const digits = currencyMinorDigits[currency];
  if (digits === 0) return String(amount);
  const text = String(amount).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

function BudgetEditor({
  projectIdx,
  list,
  editing,
  onDone,
}: {
  projectIdx: number;
  list: BudgetList;
  editing: Budget | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const id = useId();
  const [scope, setScope] = useState(editing?.milestoneIdx == null ? '' : String(editing.milestoneIdx));
  const [currency, setCurrency] = useState<Currency>(editing?.currency ?? 'KRW');
  const [amountText, setAmountText] = useState(editing ? majorText(editing.amount, editing.currency) : '');
  const [period, setPeriod] = useState<BudgetPeriod>(editing?.period ?? 'total');
  const [invalid, setInvalid] = useState(false);
  const example = currency === 'USD' ? '1,500.00' : '5,000,000';
  const save = useMutation({
    mutationFn: (amount: number) =>
      spendingApi.save(projectIdx, {
        milestoneIdx: scope === '' ? null : Number(scope),
        amount,
        currency,
        period,
      }),
    onSuccess: () => {
      notify(t('ui.spending.editor.saved'), 'success');
      onDone();
    },
    onError: (error) => notify(t(`errors.${errorCodeOf(error)}`), 'error'),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const amount = parseMajorToMinor(amountText, currencyMinorDigits[currency], lang);
    if (amount === null || amount <= 0) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    save.mutate(amount);
  }

  return (
    <form className="budget-editor" onSubmit={submit} aria-labelledby={`${id}-h`} data-testid="budget-editor">
      <h3 id={`${id}-h`} className="spending-subheading">
        {t('ui.spending.editor.heading')}
      </h3>
      <div className="budget-editor__grid">
        <label className="field">
          <span className="field__label">{t('ui.spending.editor.scope')}</span>
          <select className="input" value={scope} onChange={(e) => setScope(e.target.value)} name="scope">
            <option value="">{t('ui.spending.budgets.project')}</option>
            {list.milestones.map((m) => (
              <option key={m.milestoneIdx} value={m.milestoneIdx}>
                {t('ui.spending.budgets.milestone', { title: m.title })}
              </option>
            ))}
          </select>
        </label>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-amount`}>
            {t('ui.spending.editor.amount')}
          </label>
          <input
            id={`${id}-amount`}
            className="input"
            name="amount"
            inputMode="decimal"
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-hint`}
          />
          <span
            id={`${id}-hint`}
            className={invalid ? 'field__error' : 'muted'}
            role={invalid ? 'alert' : undefined}
          >
            {invalid
              ? t('ui.spending.editor.amountInvalid', { example })
              : t('ui.spending.editor.amountHint', { currency, example })}
          </span>
        </div>
        <label className="field">
          <span className="field__label">{t('ui.spending.editor.currency')}</span>
          <select
            className="input"
            name="currency"
            value={currency}
            onChange={(e) => setCurrency(e.target.value as Currency)}
          >
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('ui.spending.editor.period')}</span>
          <select
            className="input"
            name="period"
            value={period}
            onChange={(e) => setPeriod(e.target.value as BudgetPeriod)}
          >
            <option value="total">{t('ui.spending.editor.periodTotal')}</option>
            <option value="month">{t('ui.spending.editor.periodMonth')}</option>
          </select>
        </label>
      </div>
      <div className="budget-editor__actions">
        {editing && (
          <Button variant="outline" size="medium" onClick={onDone}>
            {t('ui.spending.editor.cancel')}
          </Button>
        )}
        <Button type="submit" size="medium" isLoading={save.isPending} data-testid="budget-save">
          {t('ui.spending.editor.save')}
        </Button>
      </div>
    </form>
  );
}
