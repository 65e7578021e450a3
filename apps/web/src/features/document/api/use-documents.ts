import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentApi, documentKeys } from './document-api';

export const useFolders = (projectIdx: number) =>
  useQuery({
    queryKey: documentKeys.folders(projectIdx),
    queryFn: async () => (await documentApi.folders(projectIdx)).folders,
  });

export const useDocumentList = (projectIdx: number, folderIdx: number | undefined, q: string) =>
  useQuery({
    queryKey: documentKeys.list(projectIdx, folderIdx, q),
    queryFn: async () => (await documentApi.list(projectIdx, folderIdx, q)).documents,
    placeholderData: (previous) => previous,
  });

export const useDocument = (documentIdx: number) =>
  useQuery({
    queryKey: documentKeys.one(documentIdx),
    queryFn: () => documentApi.get(documentIdx),
    enabled: Number.isInteger(documentIdx) && documentIdx > 0,
    // The editor owns the text once open: a refetch must not replace what is being typed.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useVersions = (documentIdx: number, enabled: boolean) =>
  useQuery({
    queryKey: documentKeys.versions(documentIdx),
    queryFn: async () => (await documentApi.versions(documentIdx)).versions,
    enabled,
  });

/** A change to folders or documents refreshes the project's lists and folders. */
export function useDocumentChange<T, R = unknown>(projectIdx: number, change: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => client.invalidateQueries({ queryKey: documentKeys.all(projectIdx) }),
  });
}
