import { zodResolver } from '@hookform/resolvers/zod';
import { loginGeneralRequest } from '@teamline/contract';

/** Loaded by LoginPage on demand (lib/lazy-resolver): zod is not part of the login page's first load. */
export const loginResolver = zodResolver(loginGeneralRequest);
