import { markFileEnded } from './file-end.js';

// Jest runs this file before each test file (setupFilesAfterEnv): its afterAll runs first.
afterAll(markFileEnded);
