import { useEffect, type RefObject } from 'react';

/** docs/product/i18n-and-modes.md#header: dropdowns close on a mouse press outside them (and on Escape). */
export function useOutsideMousedown(
  ref: RefObject<HTMLElement | null>,
  isOpen: boolean,
  onClose: () => void,
  /** Another element that counts as inside (a popup rendered elsewhere, e.g. in a portal). */
  alsoInside?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!isOpen) return;
    // A dialog opened from inside (the profile popup's rating dialog) sits on top in its own portal:
    // its clicks and its Escape are its own.
    const dialogOnTop = () => document.querySelector('.modal-backdrop') !== null;
    function handleMouseDown(event: MouseEvent) {
      const target = event.target as Node;
      if (alsoInside?.current?.contains(target) || dialogOnTop()) return;
      if (ref.current && !ref.current.contains(target)) onClose();
    }
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape' && !dialogOnTop()) onClose();
    }
    document.addEventListener('mousedown', handleMouseDown);
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('mousedown', handleMouseDown);
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [ref, isOpen, onClose, alsoInside]);
}
