import type { WebShellMessages } from '../index.js';
import { errors, validation } from './errors.js';
import { shellUi } from './ui-shell.js';
import { memberNameUi } from './ui-memberName.js';
import { searchUi } from './ui-search.js';

/**
 * What the web app loads for this language before the first render (mail texts stay on the server;
 * the feature areas `ui-<area>.ts` come with the routes that use them).
 */
export const messages: WebShellMessages = {
  errors,
  validation,
  ui: { ...shellUi, ...memberNameUi, search: searchUi },
};
