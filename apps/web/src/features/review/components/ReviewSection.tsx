import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { ReviewItem } from '@teamline/contract';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { AlertRejected, openAlert } from '../../../components/ui/alert-store';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDate, formatNumberLocal } from '../../../lib/format';
import { loadUiAreas } from '../../../lib/i18n';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useLanguage } from '../../../lib/use-language';
import { notify } from '../../../stores/toast-store';
import { reviewApi, reviewKeys } from '../api/review-api';
import { ReviewDialog } from './ReviewDialog';
import { ReviewImage } from './ReviewImage';
import { Stars } from './StarRating';
import '../review.css';
import { memberName } from '../../../lib/member-name';

/**
 * The reviews part of the profile popup (docs/product/recruitment-and-reviews.md#reviews): the member's average rating and reviews with
 * their images, "별점 주기" for those the server says may review (`canReview`), and edit/delete on
 * one's own (`can`). Its texts (the review area) are fetched when the popup first shows it.
 */
export default function ReviewSection({ memberIdx, nickname }: { memberIdx: number; nickname: string }) {
  useSuspenseQuery({
    queryKey: ['ui-area', 'review'],
    queryFn: () => loadUiAreas(['review']).then(() => true),
    staleTime: Infinity,
  });
  const { t } = useTranslation();
  const lang = useLanguage();
  const headingId = useId();
  const [editing, setEditing] = useState<ReviewItem | 'new' | null>(null);
  const query = useQuery({
    queryKey: reviewKeys.ofMember(memberIdx),
    queryFn: () => reviewApi.ofMember(memberIdx),
  });
  const data = query.data;
  // Reviews are for project mates: to anyone else the server answers as for a missing member.
  if (query.isError && errorCodeOf(query.error) === 'MEMBER_NOT_FOUND') return null;
  return (
    <section className="review-section" aria-labelledby={headingId} aria-busy={query.isLoading}>
      <div className="review-section__head">
        <h4 id={headingId}>{t('ui.review.heading')}</h4>
        {data?.canReview && (
          <Button size="small" onClick={() => setEditing('new')}>
            {t('ui.review.rate')}
          </Button>
        )}
      </div>
      {query.isLoading && (
        <span className="spinner spinner--inline" role="status" aria-label={t('ui.common.loading')} />
      )}
      {query.isError && (
        <p role="alert" className="review-section__error">
          {t('ui.review.loadFailed')}{' '}
          <Button size="small" variant="outline" onClick={() => void query.refetch()}>
            {t('ui.review.retry')}
          </Button>
        </p>
      )}
      {data && data.average != null && (
        <p className="review-section__summary">
          <Stars value={data.average} />
          <strong>{formatNumberLocal(data.average, lang, 1)}</strong>
          <span className="visually-hidden">
            {t('ui.review.average', { value: formatNumberLocal(data.average, lang, 1) })}
          </span>
          <span className="muted">{t('ui.review.count', { count: data.count })}</span>
        </p>
      )}
      {data && data.reviews.length === 0 && <p className="muted">{t('ui.review.empty')}</p>}
      {data && data.reviews.length > 0 && (
        <ul className="review-list">
          {data.reviews.map((review) => (
            <ReviewEntry
              key={review.reviewIdx}
              review={review}
              nickname={nickname}
              onEdit={() => setEditing(review)}
            />
          ))}
        </ul>
      )}
      {editing && (
        <Suspense fallback={null}>
          <ReviewDialog
            memberIdx={memberIdx}
            nickname={nickname}
            review={editing === 'new' ? undefined : editing}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </section>
  );
}

function ReviewEntry({
  review,
  nickname,
  onEdit,
}: {
  review: ReviewItem;
  nickname: string;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const showError = useErrorToast();
  const remove = useMutation({
    mutationFn: () => reviewApi.remove(review.reviewIdx),
    onSuccess: async () => {
      notify(t('ui.review.deleted'), 'success');
      await queryClient.invalidateQueries({ queryKey: reviewKeys.ofMember(review.memberIdx) });
    },
    onError: showError,
  });
  async function confirmDelete() {
    try {
      await openAlert(t('ui.review.deleteConfirm', { nickname }), {
        isDanger: true,
        confirmText: t('ui.review.delete'),
      });
      remove.mutate();
    } catch (error) {
      if (!(error instanceof AlertRejected)) throw error;
    }
  }
  const author = memberName(review.reviewer.nickname, t);
  return (
    <li className="review-entry">
      <div className="review-entry__head">
        <Avatar
          nickname={author}
          fileIdx={review.reviewer.profileFileIdx}
          colorCode={review.reviewer.colorCode}
          size={28}
        />
        <div className="review-entry__who">
          <strong>{author}</strong>
          <span className="muted">
            {t('ui.review.forProject', { project: review.projectName })} ·{' '}
            {formatDate(review.createdAt, lang)}
          </span>
        </div>
      </div>
      <p className="review-entry__rating">
        <Stars
          value={review.rating}
          label={t('ui.review.ratingValue', { value: formatNumberLocal(review.rating, lang, 1) })}
        />
        <span aria-hidden="true">{formatNumberLocal(review.rating, lang, 1)}</span>
      </p>
      {review.content && <p className="review-entry__content">{review.content}</p>}
      {review.medias.length > 0 && (
        <ul className="review-entry__images">
          {review.medias.map((m, i) => (
            <li key={m.fileIdx}>
              <ReviewImage
                fileIdx={m.fileIdx}
                alt={t('ui.review.imageAlt', { n: i + 1, nickname: author })}
                failedText={t('ui.review.imageFailed')}
              />
            </li>
          ))}
        </ul>
      )}
      {(review.can.edit || review.can.delete) && (
        <div className="review-entry__actions">
          {review.can.edit && (
            <Button size="small" variant="outline" onClick={onEdit}>
              {t('ui.review.edit')}
            </Button>
          )}
          {review.can.delete && (
            <Button
              size="small"
              variant="ghost"
              isLoading={remove.isPending}
              onClick={() => void confirmDelete()}
            >
              {t('ui.review.delete')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
