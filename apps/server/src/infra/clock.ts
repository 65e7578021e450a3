/** Injectable time so tests can move past token expiry without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const addMinutes = (date: Date, minutes: number): Date => new Date(date.getTime() + minutes * 60_000);
export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * 86_400_000);
