import { z } from 'zod';
import { idx } from './common.js';

export const uploadResponse = z.object({ fileIdx: z.number().int() });
export const fileQuery = z.object({ fileIdx: idx });
export const regionResponse = z.object({ isoCode: z.string() });
export const healthResponse = z.object({ status: z.literal('ok'), database: z.literal('ok') });
