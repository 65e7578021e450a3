import type { WebMessages } from '../index.js';
import { errors, validation } from './errors.js';
import { ui } from './ui.js';

/** What the web app loads for this language, on demand (mail texts stay on the server). */
export const messages: WebMessages = { errors, validation, ui };
