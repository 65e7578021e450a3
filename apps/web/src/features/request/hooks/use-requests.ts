import { useQuery } from '@tanstack/react-query';
import type { RequestBox, RequestStatus } from '@teamline/contract';
import { requestApi, requestKeys } from '../api/request-api';

/** One of the caller's boxes (with the unread count of their received requests). */
export const useRequests = (projectIdx: number | null, box: RequestBox, status: RequestStatus | '' = '') =>
  useQuery({
    queryKey: requestKeys.list(projectIdx ?? 0, box, status),
    queryFn: () => requestApi.list(projectIdx!, box, status || undefined),
    enabled: projectIdx != null && projectIdx > 0,
  });
