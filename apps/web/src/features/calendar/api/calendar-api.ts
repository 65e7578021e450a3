import type { CreateCalendarFeedRequest } from '@teamline/contract';
import { api } from '../../../lib/api';

/** Calendar feeds (issue 34): the caller's own feed addresses. */
export const calendarApi = {
  list: () => api.get('memberCalendar'),
  /** A new address; the caller's feed of the same kind stops (this is also "new address"). */
  create: (body: CreateCalendarFeedRequest) => api.post('memberCalendar', { body }),
  revoke: (calendarIdx: number) => api.delete(['memberCalendarOne', calendarIdx]),
};

export const calendarKeys = { list: ['member', 'calendars'] as const };
