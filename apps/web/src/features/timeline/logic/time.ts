/** Hours and minutes typed by the user → minutes, or null when not whole non-negative numbers. */
export function minutesFrom(hours: string, minutes: string): number | null {
  const h = hours.trim() === '' ? 0 : Number(hours);
  const m = minutes.trim() === '' ? 0 : Number(minutes);
  if (!Number.isFinite(h) || !Number.isFinite(m) || h < 0 || m < 0) return null;
  const total = Math.round(h * 60 + m);
  return total;
}
export const splitMinutes = (total: number) => ({ hours: Math.floor(total / 60), minutes: total % 60 });
export const codeToIso = (code: string) => `${code.slice(0, 4)}-${code.slice(4, 6)}-${code.slice(6, 8)}`;
