/**
 * Module hooks that run the server's TypeScript source in a child process, as Jest runs it in
 * tests (the same SWC transform): for tests that spawn an entry point (`node --import
 * ./register-typescript.mjs src/mcp.ts`). A relative `./x.js` import finds `./x.ts`.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from '@swc/core';

export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    if (!/^\.{1,2}\/.*\.js$/.test(specifier)) throw error;
    return nextResolve(specifier.replace(/\.js$/, '.ts'), context);
  }
}

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.ts')) return nextLoad(url, context);
  const filename = fileURLToPath(url);
  const { code } = await transform(await readFile(filename, 'utf8'), {
    filename,
    jsc: { target: 'es2022', parser: { syntax: 'typescript' } },
    module: { type: 'es6' },
  });
  return { format: 'module', source: code, shortCircuit: true };
}
