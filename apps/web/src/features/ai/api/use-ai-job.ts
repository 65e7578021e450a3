import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { aiApi, aiKeys } from './ai-api';
import { isFinished, type AiJob } from './ai-types';

const POLL_MS = 1000;

/** An AI job polled every second until it is done, failed, cancelled or applied. */
export function useAiJob(jobIdx: number | null) {
  return useQuery({
    queryKey: aiKeys.job(jobIdx ?? 0),
    queryFn: () => aiApi.job(jobIdx!),
    enabled: jobIdx != null,
    refetchInterval: (query) => {
      const job = query.state.data;
      return job && isFinished(job.state) ? false : POLL_MS;
    },
    refetchOnWindowFocus: false,
  });
}

/** Cancels a job; the poll shows it as cancelled right away. */
export function useCancelAiJob(jobIdx: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => aiApi.cancel(jobIdx!),
    onSuccess: () => {
      client.setQueryData<AiJob>(aiKeys.job(jobIdx ?? 0), (job) =>
        job && !isFinished(job.state) ? { ...job, state: 'cancelled' } : job,
      );
    },
  });
}
