import { z } from 'zod';

// The site's Content-Security-Policy allows no eval. Unless told not to compile parsers, zod
// probes `new Function` on its first object parse, and the browser reports a CSP violation on
// every page. Imported before the browser's first parse (user-data-schema.ts); the server
// keeps zod's compiled parsers.
z.config({ jitless: true });
