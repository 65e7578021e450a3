import type { ProjectOfMember } from '@teamline/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface ProjectState {
  selectedProject: ProjectOfMember | null;
  selectedProjectId: number | null;
  /** The user's memberInProjectIdx in the selected project, '' when unknown (docs/product/projects-and-membership.md#projects). */
  selfProjectIdx: string;
  depth1Idx: number | null;
  isInAProject: boolean;
  select: (project: ProjectOfMember) => void;
  setMembership: (selfProjectIdx: string, depth1Idx: number | null) => void;
  setIsInAProject: (value: boolean) => void;
  reset: () => void;
}

/**
 * docs/product/projects-and-membership.md#projects state. The project lists themselves are server state (TanStack Query, see
 * lib/use-projects.ts); only the selection is persisted.
 */
export const useProjectStore = create<ProjectState>()(
  persist(
    (set) => ({
      selectedProject: null,
      selectedProjectId: null,
      selfProjectIdx: '',
      depth1Idx: null,
      isInAProject: true,
      select: (project) =>
        set((state) =>
          state.selectedProjectId === project.projectIdx
            ? { selectedProject: project }
            : {
                selectedProject: project,
                selectedProjectId: project.projectIdx,
                selfProjectIdx: '',
                depth1Idx: null,
              },
        ),
      setMembership: (selfProjectIdx, depth1Idx) => set({ selfProjectIdx, depth1Idx }),
      setIsInAProject: (isInAProject) => set({ isInAProject }),
      reset: () =>
        set({
          selectedProject: null,
          selectedProjectId: null,
          selfProjectIdx: '',
          depth1Idx: null,
          isInAProject: true,
        }),
    }),
    {
      name: 'teamline.project',
      partialize: ({ selectedProject, selectedProjectId }) => ({ selectedProject, selectedProjectId }),
    },
  ),
);
