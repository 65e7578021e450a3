import type { z } from 'zod';
import { INT4_MAX, INT4_MIN, widerThanInt4 } from './common.js';

/** What the walk reads of a zod 4 schema: its definition, and a number's derived bounds. */
interface Walked {
  _zod: { def: Record<string, unknown> & { type: string } };
  minValue?: number | bigint | null;
  maxValue?: number | bigint | null;
}

/**
 * Every number inside `schema` (through objects, arrays, unions, wrappers, pipes and lazy schemas)
 * whose bounds do not fit a PostgreSQL `integer` column, as `path: reason`. The contract's numbers
 * come from `int4`, `idx` and `intIn`/`intInText` (`common.ts`), which always carry both bounds, or
 * are one of the documented `widerThanInt4`;
 * `input-bounds.test.ts` and the server's `route-bounds.test.ts` call this on every input schema so a
 * bare `z.number()` cannot slip in. Responses are not walked: the server writes them.
 */
export function unboundedNumbers(schema: z.ZodType, path = '$'): string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const visit = (node: unknown, at: string): void => {
    if (!node || typeof node !== 'object' || seen.has(node) || widerThanInt4.has(node as z.ZodType)) return;
    seen.add(node);
    const walked = node as Walked;
    const def = walked._zod.def;
    const child = (key: string, suffix: string): void => visit(def[key], `${at}${suffix}`);
    switch (def.type) {
      case 'number':
      case 'bigint': {
        const min = Number(walked.minValue ?? Number.NEGATIVE_INFINITY);
        const max = Number(walked.maxValue ?? Number.POSITIVE_INFINITY);
        if (!(min >= INT4_MIN && max <= INT4_MAX)) found.push(`${at}: [${min}, ${max}]`);
        return;
      }
      case 'object':
        for (const [key, value] of Object.entries(def.shape as Record<string, unknown>))
          visit(value, `${at}.${key}`);
        child('catchall', '.*');
        return;
      case 'array':
      case 'set':
        return child(def.type === 'array' ? 'element' : 'valueType', '[]');
      case 'tuple':
        (def.items as unknown[]).forEach((item, i) => visit(item, `${at}[${i}]`));
        return child('rest', '[]');
      case 'record':
      case 'map':
        child('keyType', '{key}');
        return child('valueType', '{}');
      case 'union':
        (def.options as unknown[]).forEach((option, i) => visit(option, `${at}|${i}`));
        return;
      case 'intersection':
        child('left', '&0');
        return child('right', '&1');
      case 'pipe':
        child('in', '');
        return child('out', '');
      case 'lazy':
        return visit((def.getter as () => unknown)(), at);
      default:
        // optional, nullable, default, prefault, catch, readonly, nonoptional, promise, success
        if ('innerType' in def) child('innerType', '');
    }
  };
  visit(schema, path);
  return found;
}
