import { isFormerMember } from '@teamline/contract';
import type { TFunction } from 'i18next';

/**
 * A person's name as every screen shows it: a withdrawn account (its tombstone nickname, contract
 * `isFormerMember`) and a record of someone no longer in the project's member list read "Former
 * member" in the reader's language, never an empty cell or an id.
 */
export function memberName(nickname: string | null | undefined, t: TFunction): string {
  return nickname == null || isFormerMember(nickname) ? t('ui.memberName.former') : nickname;
}
