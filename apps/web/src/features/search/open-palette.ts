/** The window event that opens the command palette, for a control outside it (the header's search button). */
export const OPEN_PALETTE_EVENT = 'teamline:open-palette';

/** Opens the command palette, as Ctrl/⌘-K does: on a phone there is no keyboard shortcut to press. */
export function openPalette() {
  window.dispatchEvent(new Event(OPEN_PALETTE_EVENT));
}
