/** One history record per touched group, with only the fields that really changed. */
export function diffHistory(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  groups: { type: number; fields: string[] }[],
): { type: number; before: Record<string, unknown>; after: Record<string, unknown> }[] {
  const out = [];
  for (const group of groups) {
    const changed = group.fields.filter(
      (f) => f in after && after[f] !== undefined && after[f] !== before[f],
    );
    if (changed.length === 0) continue;
    out.push({
      type: group.type,
      before: Object.fromEntries(changed.map((f) => [f, before[f] ?? null])),
      after: Object.fromEntries(changed.map((f) => [f, after[f] ?? null])),
    });
  }
  return out;
}
