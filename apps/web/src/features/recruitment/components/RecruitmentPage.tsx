import { useQuery } from '@tanstack/react-query';
import {
  currencies,
  currencyMinorDigits,
  workTypes,
  type Currency,
  type Recruitment,
  type RecruitmentListQuery,
  type WorkType,
} from '@teamline/contract';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { formatDate, formatMinorUnits } from '../../../lib/format';
import { parseMajorToMinor } from '../../../lib/money-input';
import { useLanguage } from '../../../lib/use-language';
import { useProjects } from '../../../lib/use-projects';
import { recruitmentApi, recruitmentKeys } from '../api/recruitment-api';
import { PostDetail } from './PostDetail';
import { PostFormModal } from './PostFormModal';
import '../recruitment.css';

/** A post's rate range in the reader's money format. */
export function useRateText() {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (p: Pick<Recruitment, 'rateMin' | 'rateMax' | 'currency'>) =>
    t('ui.recruitment.rateRange', {
      min: formatMinorUnits(p.rateMin, p.currency, lang),
      max: formatMinorUnits(p.rateMax, p.currency, lang),
    });
}

export function usePeriodText() {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (p: Pick<Recruitment, 'startDt' | 'endDt'>) =>
    t('ui.recruitment.period', {
      start: formatDate(p.startDt, lang),
      end: p.endDt ? formatDate(p.endDt, lang) : t('ui.recruitment.openEnded'),
    });
}

/**
 * `/recruitment`: job posts to browse and search (text, skill, work type), a post with its apply
 * form or, for its project's admins and clients, its applicants; `?post={id}` opens one (notices
 * link there). Posting is offered to members who manage a project.
 */
export function RecruitmentPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const postIdx = Number(params.get('post'));
  const selected = Number.isInteger(postIdx) && postIdx > 0 ? postIdx : null;
  const { allProjects } = useProjects();
  const managed = useMemo(() => allProjects.filter((p) => p.isClient || p.isAdmin), [allProjects]);
  const [isFormOpen, setFormOpen] = useState(false);
  const open = (idx: number | null) => setParams(idx ? { post: String(idx) } : {});

  return (
    <div className="recruitment-page">
      <div className="recruitment-page__head">
        <div>
          <h2 className="recruitment-page__heading">{t('ui.recruitment.heading')}</h2>
          <p className="recruitment-page__intro">{t('ui.recruitment.intro')}</p>
        </div>
        {managed.length > 0 && (
          <Button size="medium" onClick={() => setFormOpen(true)}>
            {t('ui.recruitment.newPost')}
          </Button>
        )}
      </div>
      {selected ? (
        <PostDetail recruitmentIdx={selected} projects={managed} onBack={() => open(null)} />
      ) : (
        <PostBrowser onOpen={open} canManage={managed.length > 0} />
      )}
      {isFormOpen && (
        <PostFormModal
          projects={managed}
          isOpen={isFormOpen}
          onClose={() => setFormOpen(false)}
          onSaved={(post) => open(post.recruitmentIdx)}
        />
      )}
    </div>
  );
}

function PostBrowser({ onOpen, canManage }: { onOpen: (idx: number) => void; canManage: boolean }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [skill, setSkill] = useState('');
  const [workType, setWorkType] = useState<WorkType | ''>('');
  const [mine, setMine] = useState(false);
  const [rate, setRate] = useState('');
  const [currency, setCurrency] = useState<Currency>('KRW');
  const lang = useLanguage();
  const rateMinor = parseMajorToMinor(useDeferredValue(rate.trim()), currencyMinorDigits[currency], lang);
  const query: RecruitmentListQuery = {
    ...(rateMinor != null && rateMinor >= 0 && { rate: rateMinor, currency }),
    q: useDeferredValue(q.trim()) || undefined,
    skill: useDeferredValue(skill.trim()) || undefined,
    workType: workType || undefined,
    ...(mine && { mine: 'Y' as const }),
  };
  const list = useQuery({
    queryKey: recruitmentKeys.list(query),
    queryFn: () => recruitmentApi.list(query),
    placeholderData: (previous) => previous,
  });
  const posts = list.data?.recruitments ?? [];

  return (
    <>
      <form className="recruitment-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <label className="recruitment-filters__q">
          <span className="visually-hidden">{t('ui.recruitment.search')}</span>
          <input
            type="search"
            className="input"
            placeholder={t('ui.recruitment.searchPlaceholder')}
            value={q}
            maxLength={100}
            onChange={(e) => setQ(e.target.value)}
          />
        </label>
        <label>
          <span className="visually-hidden">{t('ui.recruitment.skill')}</span>
          <input
            className="input"
            placeholder={t('ui.recruitment.skill')}
            value={skill}
            maxLength={40}
            onChange={(e) => setSkill(e.target.value)}
          />
        </label>
        <label>
          <span className="visually-hidden">{t('ui.recruitment.form.workType')}</span>
          <select
            className="input"
            value={workType}
            onChange={(e) => setWorkType(e.target.value as WorkType | '')}
          >
            <option value="">{t('ui.recruitment.anyWorkType')}</option>
            {workTypes.map((w) => (
              <option key={w} value={w}>
                {t(`ui.recruitment.workType.${w}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="visually-hidden">{t('ui.recruitment.rateFilter')}</span>
          <input
            className="input"
            inputMode="decimal"
            placeholder={t('ui.recruitment.rateFilter')}
            value={rate}
            maxLength={15}
            onChange={(e) => setRate(e.target.value)}
          />
        </label>
        <label>
          <span className="visually-hidden">{t('ui.recruitment.anyCurrency')}</span>
          <select
            className="input"
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
        {canManage && (
          <label className="recruitment-filters__mine">
            <input type="checkbox" checked={mine} onChange={(e) => setMine(e.target.checked)} />
            <span>{t('ui.recruitment.mine')}</span>
          </label>
        )}
      </form>
      {list.isLoading ? (
        <p role="status">{t('ui.common.loading')}</p>
      ) : list.isError ? (
        <div role="alert" className="recruitment-empty">
          <p>{t('ui.common.loadFailed')}</p>
          <Button size="small" variant="outline" onClick={() => void list.refetch()}>
            {t('ui.common.retry')}
          </Button>
        </div>
      ) : posts.length === 0 ? (
        <p className="recruitment-empty">{t(mine ? 'ui.recruitment.emptyMine' : 'ui.recruitment.empty')}</p>
      ) : (
        <ul className="recruitment-list" aria-busy={list.isFetching || undefined}>
          {posts.map((p) => (
            <li key={p.recruitmentIdx}>
              <PostCard post={p} onOpen={() => onOpen(p.recruitmentIdx)} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function PostCard({ post, onOpen }: { post: Recruitment; onOpen: () => void }) {
  const { t } = useTranslation();
  const rate = useRateText();
  const period = usePeriodText();
  return (
    <article className="recruitment-card card">
      <div className="recruitment-card__top">
        <h3 className="recruitment-card__title">
          <button type="button" className="link-button" onClick={onOpen}>
            {post.title}
          </button>
        </h3>
        <span className={`recruitment-badge recruitment-badge--${post.status}`}>
          {t(`ui.recruitment.status.${post.status}`)}
        </span>
      </div>
      <p className="recruitment-card__project">{post.projectName}</p>
      <p className="recruitment-card__facts">
        <span>{t(`ui.recruitment.workType.${post.workType}`)}</span>
        <span>{rate(post)}</span>
        <span>{period(post)}</span>
      </p>
      {post.skills.length > 0 && (
        <ul className="recruitment-skills" aria-label={t('ui.recruitment.form.skills')}>
          {post.skills.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      )}
      <p className="recruitment-card__foot">
        {post.can.manage && (
          <span>{t('ui.recruitment.applicantCount', { count: post.applicationCount })}</span>
        )}
        {post.myApplication && (
          <span className="recruitment-badge">
            {t('ui.recruitment.apply.yours', {
              status: t(`ui.recruitment.applicationStatus.${post.myApplication.status}`),
            })}
          </span>
        )}
      </p>
    </article>
  );
}
