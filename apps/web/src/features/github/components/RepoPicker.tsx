import { useInfiniteQuery } from '@tanstack/react-query';
import type { GithubRepo } from '@teamline/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { TextInput } from '../../../components/ui/TextInput';
import { githubApi } from '../api/github-api';
import { githubKeys } from '../api/use-github';
import { InlineQueryError } from './InlineQueryError';

/** Waits until typing pauses before a search goes to GitHub. */
function useDebounced(value: string, ms = 300): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

/** The repositories the token reaches, searchable, 30 a page with "show more"; one is chosen. */
export function RepoPicker({
  projectIdx,
  value,
  onChange,
}: {
  projectIdx: number;
  value: string | null;
  onChange: (repo: GithubRepo) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const groupId = useId();
  const query = useInfiniteQuery({
    queryKey: githubKeys.repos(projectIdx, q),
    queryFn: ({ pageParam }) => githubApi.repos(projectIdx, q, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
  const repos = query.data?.pages.flatMap((p) => p.repos) ?? [];

  return (
    <div className="github-repos" data-testid="github-repos">
      <TextInput
        label={t('ui.github.settings.repoSearch')}
        hasSearchIcon
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="github-repo-search"
      />
      <div role="radiogroup" aria-labelledby={groupId} className="github-repos__list">
        <span id={groupId} className="visually-hidden">
          {t('ui.github.settings.repo')}
        </span>
        {query.isLoading ? (
          <span className="spinner" role="status" aria-label={t('ui.common.loading')} />
        ) : query.isError ? (
          <InlineQueryError error={query.error} retry={() => void query.refetch()} />
        ) : repos.length === 0 ? (
          <p className="github-muted">{t('ui.github.settings.repoNone')}</p>
        ) : (
          repos.map((repo) => (
            <label
              key={repo.fullName}
              className={`github-repo${repo.fullName === value ? ' is-chosen' : ''}`}
            >
              <input
                type="radio"
                name={`${groupId}-repo`}
                checked={repo.fullName === value}
                onChange={() => onChange(repo)}
                data-testid="github-repo-option"
              />
              <span className="github-repo__name">{repo.fullName}</span>
              {repo.private && <span className="github-badge">{t('ui.github.settings.private')}</span>}
              {repo.description && <span className="github-repo__desc">{repo.description}</span>}
            </label>
          ))
        )}
      </div>
      {query.hasNextPage && (
        <Button
          size="small"
          variant="outline"
          isLoading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
          data-testid="github-repo-more"
        >
          {t('ui.github.settings.more')}
        </Button>
      )}
    </div>
  );
}
