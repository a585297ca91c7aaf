import { z } from 'zod';

// The site's Content-Security-Policy allows no eval. Unless told not to compile parsers, zod
// probes `new Function` on its first object parse, and the browser reports a CSP violation on
// every page. The store layer is loaded by the shell and by every remote run alone, before any
// response is parsed; the server keeps zod's compiled parsers.
z.config({ jitless: true });
