import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isHttpUrl, type Link } from '@teamline/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { errorCodeOf } from '../../../lib/api-client';
import { notify } from '../../../stores/toast-store';
import { useAbilities } from '../../../lib/use-abilities';
import { linkApi } from '../api/link-api';

const AddLinkModal = lazy(() => import('./AddLinkModal').then((m) => ({ default: m.AddLinkModal })));

const hostOf = (url: string): string => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

/** docs/product/projects-and-membership.md#links: the timeline header's strip of saved links; professionals add and delete, clients read. */
export function LinkStrip({ projectIdx }: { projectIdx: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { can } = useAbilities(projectIdx);
  const [isAdding, setIsAdding] = useState(false);
  const key = ['links', projectIdx];
  const links = useQuery({ queryKey: key, queryFn: () => linkApi.list(projectIdx) });

  const remove = useMutation({
    mutationFn: (linkIdx: number) => linkApi.remove(linkIdx),
    onSuccess: async () => {
      notify(t('ui.links.deleted'), 'success');
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => notify(t(`errors.${errorCodeOf(error)}`), 'error'),
  });

  return (
    <div className="link-strip" data-testid="link-strip" role="group" aria-label={t('ui.links.label')}>
      {links.isLoading && (
        <span className="spinner spinner--inline" role="status" aria-label={t('ui.common.loading')} />
      )}
      {links.isError && <span className="link-strip__empty">{t('ui.common.loadFailed')}</span>}
      {links.data?.length === 0 && <span className="link-strip__empty">{t('ui.links.empty')}</span>}
      <ul className="link-strip__list">
        {links.data?.map((link: Link) => {
          const title = link.metaTitle || hostOf(link.url);
          return (
            <li key={link.linkIdx} className="link-chip" data-testid="link-item">
              <a
                href={isHttpUrl(link.url) ? link.url : undefined}
                target="_blank"
                rel="noopener noreferrer"
                title={link.url}
              >
                {link.metaImage ? (
                  <img src={link.metaImage} alt="" width={16} height={16} />
                ) : (
                  <Icon name="link" size={16} />
                )}
                <span className="link-chip__title">{title}</span>
              </a>
              {can('link.delete') && (
                <button
                  type="button"
                  className="icon-btn icon-btn--small"
                  data-testid="link-delete"
                  aria-label={t('ui.links.delete', { title })}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(link.linkIdx)}
                >
                  <Icon name="close" size={14} />
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {can('link.create') && (
        <button
          type="button"
          className="icon-btn link-strip__add"
          data-testid="link-add"
          aria-label={t('ui.links.add')}
          onClick={() => setIsAdding(true)}
        >
          <Icon name="plus" size={18} />
        </button>
      )}
      {isAdding && (
        <Suspense fallback={null}>
          <AddLinkModal projectIdx={projectIdx} onClose={() => setIsAdding(false)} />
        </Suspense>
      )}
    </div>
  );
}
