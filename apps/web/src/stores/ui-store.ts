import { create } from 'zustand';

interface UiState {
  isMenuOpen: boolean;
  /** `projectIdx:totalMember` the warning bar was closed for; a change of either reopens it. */
  warningClosedFor: string;
  setMenuOpen: (open: boolean) => void;
  closeWarning: (key: string) => void;
}

export const useUiStore = create<UiState>()((set) => ({
  isMenuOpen: false,
  warningClosedFor: '',
  setMenuOpen: (isMenuOpen) => set({ isMenuOpen }),
  closeWarning: (warningClosedFor) => set({ warningClosedFor }),
}));
