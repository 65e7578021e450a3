import type { memberNameUi as en } from '../en/ui-memberName.js';

export const memberNameUi = {
  memberName: {
    former: '탈퇴한 멤버',
  },
} satisfies typeof en;
