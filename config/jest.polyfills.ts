import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these; react-router needs them before any test module loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });
