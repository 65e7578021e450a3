/** docs/product/i18n-and-modes.md#widgets: a number-only field allows digits, Backspace, Delete, ←, → and the dot. */
const allowedKeys = new Set(['Backspace', 'Delete', 'ArrowLeft', 'ArrowRight', '.', 'Tab']);

export function isAllowedNumberKey(event: { key: string; ctrlKey?: boolean; metaKey?: boolean }): boolean {
  // Copy, paste, select-all and undo keep working; pasted text is filtered on input.
  if (event.ctrlKey || event.metaKey) return true;
  return /^\d$/.test(event.key) || allowedKeys.has(event.key);
}

/** What a number-only field keeps of typed or pasted text. */
export const keepNumberChars = (text: string): string => text.replace(/[^\d.]/g, '');
