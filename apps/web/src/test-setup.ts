// The same first steps as main.tsx: zod's settings before anything loads zod.
import './lib/zod-config';
import { uiAreas } from '@teamline/contract/i18n';
import { configure } from '@testing-library/react';
import { loadUiAreas } from './lib/i18n';

/**
 * `findBy…` and `waitFor` wait up to 5 s for what the user would see, not Testing Library's 1 s:
 * in `npm test` the web files run two at a time beside ESLint and the type check on two cores,
 * where a file's first render once took 1.3 s with every request mocked (ClientSettlement's first
 * test, CI of 2026-11-30). A screen that comes sooner is found as soon as it comes.
 */
configure({ asyncUtilTimeout: 5_000 });

/**
 * Component tests render features outside the router, which is what fetches a page's feature texts
 * (route-texts.ts): every area is loaded here once, in the first language.
 */
await loadUiAreas(uiAreas);
