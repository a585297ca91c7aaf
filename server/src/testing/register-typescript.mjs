import { register } from 'node:module';

register('./typescript-hooks.mjs', import.meta.url);
