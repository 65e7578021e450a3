import { z } from 'zod';

// The Content-Security-Policy forbids eval; zod's JIT would try `new Function` and log a violation.
z.config({ jitless: true });
