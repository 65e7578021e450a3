import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { reviewApi, reviewKeys } from '../api/review-api';

/**
 * A review image through its short-lived signed address (`GET /file/url`): an <img> cannot send the
 * access key. The address lives 10 minutes; it is reused for 8, and a failed load asks for a new one.
 */
export function ReviewImage({
  fileIdx,
  alt,
  failedText,
}: {
  fileIdx: number;
  alt: string;
  failedText?: string;
}) {
  const [retried, setRetried] = useState(false);
  const query = useQuery({
    queryKey: reviewKeys.fileUrl(fileIdx),
    queryFn: () => reviewApi.fileUrl(fileIdx),
    staleTime: 8 * 60_000,
    gcTime: 8 * 60_000,
  });
  if (query.isError) return <span className="review-image review-image--failed">{failedText ?? alt}</span>;
  if (!query.data) return <span className="review-image review-image--loading" aria-busy="true" />;
  return (
    <img
      className="review-image"
      src={query.data.url}
      alt={alt}
      loading="lazy"
      onError={() => {
        if (retried) return;
        setRetried(true);
        void query.refetch();
      }}
    />
  );
}
