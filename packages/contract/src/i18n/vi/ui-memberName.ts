import type { memberNameUi as en } from '../en/ui-memberName.js';

export const memberNameUi = {
  memberName: {
    former: 'Thành viên cũ',
  },
} satisfies typeof en;
