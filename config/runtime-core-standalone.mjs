// Browser code: federation-runtime-core.js of a remote, which its standalone page loads before
// main.js, so the remote runs alone with no shell to provide the runtime core
// (runtime-core-provider.mjs, federation-runtime-core.mjs).
import { provideRuntimeCore } from './runtime-core-provider.mjs';

provideRuntimeCore();
