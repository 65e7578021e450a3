import { timestamp } from 'drizzle-orm/pg-core';

/** A point in time: `timestamptz`, read as a Date. Every table's instants use it. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
