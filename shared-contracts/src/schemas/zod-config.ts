import { config } from 'zod';

// In a browser the CSP forbids eval: zod must not probe for its code generator (`new Function`) when
// it builds an object schema, a probe the browser reports as a CSP violation (Lighthouse best
// practices). Imported first by the schemas' entry, so it runs before any schema is built. The API
// (Node) keeps zod's JIT.
if ('document' in globalThis) config({ jitless: true });
