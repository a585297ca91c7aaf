// Loaded only when the login check names a user: a visitor's page validates nothing, so zod
// (and its no-eval setting, which must precede the first parse) stays off its first load.
import './zod-without-eval.js';

export { userDataSchema } from '@blogstream/shared/contract';
