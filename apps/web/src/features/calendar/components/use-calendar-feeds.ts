import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '@teamline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertRejected, openAlert } from '../../../components/ui/alert-store';
import { errorCodeOf } from '../../../lib/api-client';
import { notify } from '../../../stores/toast-store';
import { calendarApi, calendarKeys } from '../api/calendar-api';

/** The caller's feeds and what can be done with them: make (or make anew, after a confirmation), revoke (after one). */
export function useCalendarFeeds() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ queryKey: calendarKeys.list, queryFn: calendarApi.list });
  const [url, setUrl] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: calendarKeys.list });
  const failed = (error: unknown) => notify(t(`errors.${errorCodeOf(error)}`), 'error');
  const create = useMutation({
    mutationFn: (projectIdx: number | null) => calendarApi.create(projectIdx ? { projectIdx } : {}),
    onSuccess: (made) => setUrl(made.url),
    onError: failed,
    onSettled: refresh,
  });
  const revoke = useMutation({
    mutationFn: (calendarIdx: number) => calendarApi.revoke(calendarIdx),
    onSuccess: () => notify(t('ui.calendar.revoked'), 'success'),
    onError: failed,
    onSettled: refresh,
  });

  const confirmed = async (message: string, confirmText: string, isDanger = false) => {
    try {
      await openAlert(message, { confirmText, isDanger });
      return true;
    } catch (error) {
      if (error instanceof AlertRejected) return false;
      throw error;
    }
  };

  return {
    query,
    url,
    closeUrl: () => setUrl(null),
    create,
    revoke,
    /** A first address at once; another after the "old one stops" confirmation. */
    async make(projectIdx: number | null, existing: CalendarFeed | undefined) {
      if (existing && !(await confirmed(t('ui.calendar.rotateConfirm'), t('ui.calendar.rotate')))) return;
      create.mutate(projectIdx);
    },
    async remove(feed: CalendarFeed, name: string) {
      if (!(await confirmed(t('ui.calendar.revokeConfirm', { name }), t('ui.calendar.revoke'), true))) return;
      revoke.mutate(feed.calendarIdx);
    },
  };
}
