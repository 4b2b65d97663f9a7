import { config } from 'zod';

// The app's Content-Security-Policy forbids eval. zod would first try to compile its parsers with
// `new Function` (the browser reports the refused attempt as a CSP violation), then fall back; told so
// here, it never tries. Imported by the signed-in shell and by the user's query (the first answer the signed-in
// area parses, fetched side by side with the shell), before anything is parsed.
config({ jitless: true });
