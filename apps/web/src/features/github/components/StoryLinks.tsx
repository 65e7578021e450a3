import { isHttpUrl, type GithubStoryLink } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { loadUiAreas } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language';
import { useStoryLinks } from '../api/use-github';
import './story-links.css';

/** The timeline route does not name the github texts: the panel's list fetches them with its chunk. */
export const loadStoryLinkTexts = () => loadUiAreas(['github']);

/** The commits and pull requests that mention the story's key (`SHOP-12`), newest first as the server sends them. */
export function StoryLinks({ storyIdx }: { storyIdx: number }) {
  const { t } = useTranslation();
  const query = useStoryLinks(storyIdx);
  const links = query.data ?? [];
  return (
    <section className="gh-links" aria-labelledby={`gh-links-${storyIdx}`} data-testid="story-links">
      <h3 id={`gh-links-${storyIdx}`} className="gh-links__title">
        {t('ui.github.links.title')}
      </h3>
      {query.isLoading ? (
        <span className="spinner" role="status" aria-label={t('ui.common.loading')} />
      ) : query.isError ? (
        <p className="dp-muted" role="alert">
          {t(`errors.${errorCodeOf(query.error)}`)}{' '}
          <button type="button" className="btn-link" onClick={() => void query.refetch()}>
            {t('ui.common.retry')}
          </button>
        </p>
      ) : links.length === 0 ? (
        <p className="dp-muted">{t('ui.github.links.empty')}</p>
      ) : (
        <ul className="gh-links__list">
          {links.map((link) => (
            <LinkRow key={`${link.kind}-${link.ref}`} link={link} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LinkRow({ link }: { link: GithubStoryLink }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const kind = t(`ui.github.links.kind.${link.kind}`);
  return (
    <li className="gh-link" data-testid="story-link">
      <span className={`gh-link__kind gh-link__kind--${link.kind}`} role="img" aria-label={kind} title={kind}>
        {link.kind === 'pull' ? <PullIcon /> : <CommitIcon />}
      </span>
      <a
        className="gh-link__ref"
        href={isHttpUrl(link.url) ? link.url : undefined}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('ui.github.links.open', { ref: link.ref })}
      >
        {link.ref}
      </a>
      <span className="gh-link__title" title={link.title}>
        {link.title}
      </span>
      <span className={`gh-link__state gh-link__state--${link.state}`}>
        {t(`ui.github.links.state.${link.state}`)}
      </span>
      <span className="gh-link__meta">
        {t('ui.github.links.by', { author: link.author })} · {formatDateTime(link.at, lang)}
      </span>
    </li>
  );
}

const CommitIcon = () => (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
    <circle cx="8" cy="8" r="3" fill="none" stroke="currentColor" strokeWidth="1.6" />
    <path d="M0 8h5M11 8h5" stroke="currentColor" strokeWidth="1.6" />
  </svg>
);

const PullIcon = () => (
  <svg
    width="16"
    height="16"
    viewBox="0 0 16 16"
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
  >
    <circle cx="4" cy="3" r="1.8" />
    <circle cx="4" cy="13" r="1.8" />
    <circle cx="12" cy="13" r="1.8" />
    <path d="M4 5v6M12 11V6a2 2 0 0 0-2-2H7" />
  </svg>
);
