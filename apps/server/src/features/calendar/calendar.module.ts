import { defineModule } from '../../platform/module.js';
import { createCalendarRepository } from './calendar.repository.js';
import { calendarRoutes } from './calendar.routes.js';
import { createCalendarService, type CalendarService } from './calendar.service.js';

declare module '../../platform/services.js' {
  interface Services {
    /** Calendar feeds (issue 34): the caller's own, and the public feed of a secret. */
    calendar: CalendarService;
  }
}

/** Calendar feeds, RFC 5545 (issue 34 "Connect out", docs/product/integrations.md#calendar-feeds). */
export const calendarModule = defineModule({
  name: 'calendar',
  services: ({ ctx }) => ({
    calendar: createCalendarService(ctx, createCalendarRepository(ctx.database.db)),
  }),
  routes: calendarRoutes,
});
