import type { MemberInProject } from '@teamline/contract';

/** Assignees as small initials in their colour; the names are in the title and for screen readers. */
export function MemberChips({
  idxs,
  members,
  max = 3,
}: {
  idxs: readonly number[];
  members: ReadonlyMap<number, MemberInProject>;
  max?: number;
}) {
  if (idxs.length === 0) return null;
  const names = idxs.map((i) => members.get(i)?.nickname ?? `#${i}`);
  return (
    <span className="member-chips" title={names.join(', ')}>
      <span className="visually-hidden">{names.join(', ')}</span>
      {idxs.slice(0, max).map((i) => {
        const m = members.get(i);
        return (
          <span
            key={i}
            className="member-chip"
            aria-hidden="true"
            style={{ background: m?.colorCode ?? '#6b7280' }}
          >
            {(m?.nickname ?? '?').slice(0, 1).toUpperCase()}
          </span>
        );
      })}
      {idxs.length > max && (
        <span className="member-chip member-chip--more" aria-hidden="true">
          +{idxs.length - max}
        </span>
      )}
    </span>
  );
}
