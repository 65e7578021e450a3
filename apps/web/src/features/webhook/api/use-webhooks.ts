import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { webhookApi } from './webhook-api';

export const webhookKeys = {
  list: (projectIdx: number) => ['webhook', projectIdx] as const,
  deliveries: (webhookIdx: number) => ['webhook', 'delivery', webhookIdx] as const,
};

export const useWebhooks = (projectIdx: number) =>
  useQuery({ queryKey: webhookKeys.list(projectIdx), queryFn: () => webhookApi.list(projectIdx) });

/** A hook's delivery log, refreshed every few seconds while open (retries land on their own). */
export const useDeliveries = (webhookIdx: number) =>
  useQuery({
    queryKey: webhookKeys.deliveries(webhookIdx),
    queryFn: () => webhookApi.deliveries(webhookIdx),
    refetchInterval: 5_000,
  });

/** Changes to a hook refresh the project's list (status, last delivery). */
export function useWebhookChange<T>(projectIdx: number, change: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => client.invalidateQueries({ queryKey: webhookKeys.list(projectIdx) }),
  });
}
