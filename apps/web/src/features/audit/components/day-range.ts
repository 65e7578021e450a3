/**
 * The date filters as the API's instants: from the start of the `from` day to the start of the day
 * after `to` (exclusive), both at local midnight, so "today" means the reader's today.
 */
export function dayRange(from: string, to: string): { from?: string; to?: string } {
  const startOf = (day: string, plusDays = 0) => {
    const [y, m, d] = day.split('-').map(Number);
    return new Date(y!, m! - 1, d! + plusDays).toISOString();
  };
  return {
    ...(from ? { from: startOf(from) } : {}),
    ...(to ? { to: startOf(to, 1) } : {}),
  };
}
