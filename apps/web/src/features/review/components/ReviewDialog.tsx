import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import {
  REVIEW_CONTENT_MAX,
  REVIEW_IMAGE_MAX_SIDE,
  REVIEW_IMAGE_QUALITY,
  REVIEW_MAX_MEDIAS,
  UPLOAD_MAX_BYTES,
  type ReviewItem,
} from '@teamline/contract';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/Modal';
import { Icon } from '../../../components/ui/Icon';
import { ApiError, errorCodeOf } from '../../../lib/api-client';
import { loadUiAreas } from '../../../lib/i18n';
import { resizeImage } from '../../../lib/image-resize';
import { notify } from '../../../stores/toast-store';
import { reviewApi, reviewKeys } from '../api/review-api';
import { ReviewImage } from './ReviewImage';
import { StarInput } from './StarRating';

/** One image slot: uploading (`fileIdx` null) or stored; `preview` is the local copy just picked. */
interface Slot {
  key: number;
  fileIdx: number | null;
  preview: string | null;
}
let nextKey = 1;

/**
 * docs/product/recruitment-and-reviews.md#reviews rating dialog "별점 주기" and review form: stars from 0 to 5 in halves (none chosen at first; a choice is required), a
 * comment and up to 3 images. Each picked image is resized in the browser (docs/product/i18n-and-modes.md#images, the avatar's
 * rule) and uploaded at once through `POST /file/{memberIdx}/media`; removing a slot drops its
 * preview and id. Confirm creates the review (or saves the edit) and reloads the member's reviews.
 */
export function ReviewDialog({
  memberIdx,
  nickname,
  review,
  onClose,
}: {
  memberIdx: number;
  nickname: string;
  /** The caller's own review to edit; without one a new review is written. */
  review?: ReviewItem | undefined;
  onClose: () => void;
}) {
  useSuspenseQuery({
    queryKey: ['ui-area', 'review'],
    queryFn: () => loadUiAreas(['review']).then(() => true),
    staleTime: Infinity,
  });
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const formId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [rating, setRating] = useState<number | null>(review?.rating ?? null);
  const [isRatingMissing, setIsRatingMissing] = useState(false);
  const ratingErrorId = useId();
  const [content, setContent] = useState(review?.content ?? '');
  const [slots, setSlots] = useState<Slot[]>(
    () => review?.medias.map((m) => ({ key: nextKey++, fileIdx: m.fileIdx, preview: null })) ?? [],
  );
  const [problem, setProblem] = useState<string | null>(null);
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const save = useMutation({
    mutationFn: (chosen: number) => {
      const medias = slots.flatMap((s) => (s.fileIdx === null ? [] : [s.fileIdx]));
      return review
        ? reviewApi.update(review.reviewIdx, { rating: chosen, content, medias })
        : reviewApi.create({ memberIdx, rating: chosen, content, medias });
    },
    onSuccess: async () => {
      notify(t('ui.review.saved'), 'success');
      await queryClient.invalidateQueries({ queryKey: reviewKeys.ofMember(memberIdx) });
      onClose();
    },
    onError: (error) => setProblem(t(`errors.${errorCodeOf(error)}`)),
  });

  async function upload(file: File, key: number) {
    try {
      const resized = await resizeImage(
        file,
        REVIEW_IMAGE_MAX_SIDE,
        REVIEW_IMAGE_MAX_SIDE,
        'image/jpeg',
        REVIEW_IMAGE_QUALITY,
      );
      const preview = URL.createObjectURL(resized);
      previews.current.add(preview);
      const { fileIdx } = await reviewApi.uploadImage(memberIdx, resized, 'review.jpg');
      setSlots((list) => list.map((s) => (s.key === key ? { ...s, fileIdx, preview } : s)));
    } catch (error) {
      setSlots((list) => list.filter((s) => s.key !== key));
      if (!(error instanceof ApiError)) console.error(error);
      setProblem(
        error instanceof ApiError
          ? t(`errors.${errorCodeOf(error)}`)
          : t('ui.review.notImage', { name: file.name }),
      );
    }
  }

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = [...(event.target.files ?? [])];
    event.target.value = '';
    setProblem(null);
    const room = REVIEW_MAX_MEDIAS - slots.length;
    if (picked.length > room) setProblem(t('ui.review.tooManyImages', { max: REVIEW_MAX_MEDIAS }));
    for (const file of picked.slice(0, Math.max(room, 0))) {
      // The server decides by the bytes; this only spares an upload that cannot pass.
      if (!file.type.startsWith('image/')) {
        setProblem(t('ui.review.notImage', { name: file.name }));
        continue;
      }
      if (file.size > UPLOAD_MAX_BYTES) {
        setProblem(t('errors.FILE_TOO_LARGE'));
        continue;
      }
      const key = nextKey++;
      setSlots((list) => [...list, { key, fileIdx: null, preview: null }]);
      void upload(file, key);
    }
  }

  const isUploading = slots.some((s) => s.fileIdx === null);
  return (
    <Modal
      title={review ? t('ui.review.editTitle') : t('ui.review.dialogTitle', { nickname })}
      isOpen
      onClose={onClose}
      formId={formId}
      confirmText={t('ui.review.save')}
      isConfirmLoading={save.isPending || isUploading}
      size="small"
    >
      <form
        id={formId}
        className="review-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (rating === null) setIsRatingMissing(true);
          else if (!isUploading) save.mutate(rating);
        }}
      >
        <StarInput
          value={rating}
          onChange={(value) => {
            setRating(value);
            setIsRatingMissing(false);
          }}
          label={t('ui.review.rating')}
          valueText={(value) => t('ui.review.ratingValue', { value })}
          noneText={t('ui.review.ratingNone')}
          isInvalid={isRatingMissing}
          describedBy={isRatingMissing ? ratingErrorId : undefined}
        />
        {isRatingMissing && (
          <p id={ratingErrorId} className="field__error" role="alert">
            {t('ui.review.ratingRequired')}
          </p>
        )}
        <label className="field">
          <span className="field__label">{t('ui.review.content')}</span>
          <textarea
            className="input"
            rows={4}
            maxLength={REVIEW_CONTENT_MAX}
            value={content}
            placeholder={t('ui.review.contentPlaceholder', { nickname })}
            onChange={(event) => setContent(event.target.value)}
          />
        </label>
        <div className="field">
          <span className="field__label">{t('ui.review.images')}</span>
          <ul className="review-form__slots">
            {slots.map((slot, i) => (
              <li key={slot.key} className="review-form__slot">
                {slot.fileIdx === null ? (
                  <span
                    className="spinner spinner--inline"
                    role="status"
                    aria-label={t('ui.review.uploading')}
                  />
                ) : slot.preview ? (
                  <img src={slot.preview} alt={t('ui.review.imageAlt', { n: i + 1, nickname })} />
                ) : (
                  <ReviewImage fileIdx={slot.fileIdx} alt={t('ui.review.imageAlt', { n: i + 1, nickname })} />
                )}
                <button
                  type="button"
                  className="icon-btn review-form__remove"
                  aria-label={t('ui.review.removeImage', { n: i + 1 })}
                  onClick={() => setSlots((list) => list.filter((s) => s.key !== slot.key))}
                >
                  <Icon name="close" />
                </button>
              </li>
            ))}
            {slots.length < REVIEW_MAX_MEDIAS && (
              <li>
                <label className="review-form__add">
                  <span aria-hidden="true">+</span>
                  <span>{t('ui.review.addImage')}</span>
                  <input
                    ref={input}
                    type="file"
                    accept="image/*"
                    multiple
                    aria-label={t('ui.review.addImage')}
                    className="visually-hidden"
                    onChange={pick}
                  />
                </label>
              </li>
            )}
          </ul>
          <p className="field__hint muted">{t('ui.review.imagesHint', { max: REVIEW_MAX_MEDIAS })}</p>
        </div>
        {problem && (
          <p className="field__error" role="alert">
            {problem}
          </p>
        )}
      </form>
    </Modal>
  );
}
