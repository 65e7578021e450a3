import { z } from 'zod';
import { idx } from './common.js';

/** A file stored: attach it by its `fileIdx`. */
export const uploadResponse = z.object({ fileIdx: z.number().int() });
export type UploadResponse = z.infer<typeof uploadResponse>;
export const fileQuery = z.object({ fileIdx: idx });
export const regionResponse = z.object({ isoCode: z.string() });
export const healthResponse = z.object({ status: z.literal('ok'), database: z.literal('ok') });
/** `GET /api/ready` when the instance may take traffic (503 with the error envelope otherwise). */
export const readyResponse = z.object({ status: z.literal('ready') });

/** `DELETE /file/{fileIdx}`: a file attached to nothing; one still used is 409 FILE_IN_USE. */
export const fileIdxParams = z.object({ fileIdx: idx });
export const deletedFileResponse = z.object({ fileIdx: z.number().int() });

/** Bytes stored against one quota: the caller's own files outside projects, or a project's files. */
export const storageUsage = z.object({
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
});
export type StorageUsage = z.infer<typeof storageUsage>;
export const projectStorageParams = z.object({ projectIdx: idx });
