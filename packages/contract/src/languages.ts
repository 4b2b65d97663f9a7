import { z } from 'zod';

// Alone in its module, with no object schema: the signed-in user's schema needs it, and the browser may evaluate
// it beside zod itself before zod is told not to compile with eval (apps/web/src/lib/zod-without-eval.ts).

/** The languages of the interface, of exports and of the texts the server writes for people. */
export const Locale = z.enum(['en', 'ru']);
export type Locale = z.infer<typeof Locale>;
