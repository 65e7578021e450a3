import { AVATAR_DEFAULT_SIZE, type MemberInProject } from '@teamline/contract';
import { MemberAvatar } from '../../../app/profile/ProfileViewPopup';
import { useIsMobile } from '../../../lib/use-is-mobile';

/**
 * A story's assignees as avatars at the default 36 px (docs/product/i18n-and-modes.md#widgets), each a
 * button that opens the member's profile popup; the names are in the title and for screen readers.
 * Three fit a row, one on a phone's second line; the rest are counted.
 */
export function MemberChips({
  idxs,
  members,
  max,
}: {
  idxs: readonly number[];
  members: ReadonlyMap<number, MemberInProject>;
  max?: number;
}) {
  const isMobile = useIsMobile();
  if (idxs.length === 0) return null;
  const shown = max ?? (isMobile ? 1 : 3);
  const names = idxs.map((i) => members.get(i)?.nickname ?? `#${i}`);
  return (
    <span className="member-chips" title={names.join(', ')}>
      <span className="visually-hidden">{names.join(', ')}</span>
      {idxs.slice(0, shown).map((i) => {
        const m = members.get(i);
        // A member who left the project: no profile to open, only the letter.
        if (!m)
          return (
            <span key={i} className="member-chip" aria-hidden="true">
              ?
            </span>
          );
        return (
          <MemberAvatar
            key={i}
            memberIdx={m.memberIdx}
            nickname={m.nickname}
            profileFileIdx={m.profileFileIdx}
            colorCode={m.colorCode}
            size={AVATAR_DEFAULT_SIZE}
          />
        );
      })}
      {idxs.length > shown && (
        <span className="member-chip member-chip--more" aria-hidden="true">
          +{idxs.length - shown}
        </span>
      )}
    </span>
  );
}
