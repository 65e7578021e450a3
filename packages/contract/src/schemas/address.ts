import { normalizeLink } from '../rules/link.js';
import { isSafeUrl, SAFE_URL_MAX } from '../rules/safe-url.js';
import { singleLine } from './common.js';

/**
 * The one field schema of a stored address (rules/safe-url.ts): http, https or mailto, nothing that
 * can run script. A refused address answers 400 VALIDATION_FAILED with `fieldErrors.<field> =
 * 'safeUrl'`.
 */
export const safeUrl = singleLine().trim().max(SAFE_URL_MAX, 'tooLong').refine(isSafeUrl, 'safeUrl');

/**
 * An optional link (a story's `link`): empty clears it; anything else is normalised like the web
 * form does (docs/product/projects-and-membership.md#links: `example.com` → `https://example.com`) and must then be a safe address.
 */
export const optionalLink = singleLine()
  .trim()
  .max(SAFE_URL_MAX, 'tooLong')
  .transform((value) => normalizeLink(value) ?? '')
  .refine((value) => value === '' || isSafeUrl(value), 'safeUrl');
