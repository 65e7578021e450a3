import { lazy } from 'react';
import { loadUiAreas } from '../lib/i18n';

/** Profile › Calendar comes from the calendar feature, in a chunk of its own (issue 34). */
export const CalendarSection = lazy(() =>
  import('../features/calendar/components/CalendarSection').then((m) => ({ default: m.CalendarSection })),
);

/** The timeline's "Subscribe in calendar" (calendar feature, own chunk, with its texts). */
export const SubscribeCalendarButton = lazy(() =>
  Promise.all([
    import('../features/calendar/components/SubscribeCalendarButton'),
    loadUiAreas(['calendar']),
  ]).then(([m]) => ({ default: m.SubscribeCalendarButton })),
);
