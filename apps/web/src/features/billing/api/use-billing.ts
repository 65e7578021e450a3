import { useQuery, useQueryClient } from '@tanstack/react-query';
import { projectsKey } from '../../../lib/use-projects';
import { billingApi, billingKeys } from './billing-api';

export const usePlans = () =>
  useQuery({ queryKey: billingKeys.plans, queryFn: billingApi.plans, staleTime: 10 * 60_000 });

export const useSubscription = (projectIdx: number) =>
  useQuery({
    queryKey: billingKeys.subscription(projectIdx),
    queryFn: () => billingApi.subscription(projectIdx),
  });

export const useCards = (enabled = true) =>
  useQuery({ queryKey: billingKeys.cards, queryFn: billingApi.cards, enabled });

export const useCoupons = (projectIdx: number, enabled = true) =>
  useQuery({
    queryKey: billingKeys.coupons(projectIdx),
    queryFn: () => billingApi.coupons(projectIdx),
    enabled,
  });

/**
 * After a billing change: the subscription, its payments and coupons, and the project list (its
 * sheets, status and warning flag drive the warning bar and the project picker).
 */
export function useBillingRefresh(projectIdx: number): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ['billing', projectIdx] }),
      client.invalidateQueries({ queryKey: billingKeys.cards }),
      client.invalidateQueries({ queryKey: projectsKey }),
    ]);
  };
}
