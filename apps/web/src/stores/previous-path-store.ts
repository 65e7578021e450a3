import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface PreviousPathState {
  previousPath: string;
  setPreviousPath: (path: string) => void;
}

/** docs/product/i18n-and-modes.md#routes: the path after the hash marker, persisted, for returning after login. */
export const usePreviousPathStore = create<PreviousPathState>()(
  persist(
    (set) => ({
      previousPath: '',
      setPreviousPath: (previousPath) => set({ previousPath }),
    }),
    { name: 'teamline.previousPath', partialize: ({ previousPath }) => ({ previousPath }) },
  ),
);
