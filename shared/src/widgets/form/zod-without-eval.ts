import { config } from 'zod';

// The site's Content-Security-Policy allows no eval, and zod probes `new Function` when it
// builds its first object schema unless told not to compile parsers. The form engine imports
// this before the contract, whose schemas it validates with (as store/user-data-schema.ts does).
// Listed in shared/package.json's sideEffects, or the bundler drops this import.
config({ jitless: true });
