/**
 * The query of the member's storage use (features/my-data): pages that add or delete the member's
 * files (the profile picture) invalidate it, so the bar follows at once.
 */
export const storageUsageKey = ['storage-usage'] as const;
