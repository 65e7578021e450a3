import { create } from 'zustand';

interface UiState {
  isMenuOpen: boolean;
  /** `projectIdx:totalMember` the warning bar was closed for; a change of either reopens it. */
  warningClosedFor: string;
  /**
   * A mode switch waiting for the way home to finish: flipping the mode while a project section is
   * still mounted would resolve that section in the new mode and bounce to No project.
   */
  pendingIsClient: boolean | null;
  setMenuOpen: (open: boolean) => void;
  closeWarning: (key: string) => void;
  setPendingIsClient: (isClient: boolean | null) => void;
}

export const useUiStore = create<UiState>()((set) => ({
  isMenuOpen: false,
  warningClosedFor: '',
  pendingIsClient: null,
  setMenuOpen: (isMenuOpen) => set({ isMenuOpen }),
  closeWarning: (warningClosedFor) => set({ warningClosedFor }),
  setPendingIsClient: (pendingIsClient) => set({ pendingIsClient }),
}));
