// The same first steps as main.tsx: zod's settings before anything loads zod.
import './lib/zod-config';
import { uiAreas } from '@teamline/contract/i18n';
import { loadUiAreas } from './lib/i18n';

/**
 * Component tests render features outside the router, which is what fetches a page's feature texts
 * (route-texts.ts): every area is loaded here once, in the first language.
 */
await loadUiAreas(uiAreas);
