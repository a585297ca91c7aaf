import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { makeTempDir } from './test-config.js';

export const SHELL_HTML = '<!doctype html><title>Blogstream</title><div id="shell"></div>';

/**
 * A PUBLIC_DIR as the front-end builds would fill it: the shell and the given remotes, each with
 * an unhashed entry and a content-hashed chunk. Returns its path.
 */
export function fakeBuilds(remotePackageDirs: string[]): string {
  const publicDir = makeTempDir('public');
  const files: Record<string, string> = {
    'shell/index.html': SHELL_HTML,
    'shell/main.js': 'import("./bootstrap.3f9a1c2b.js");',
    'shell/bootstrap.3f9a1c2b.js': 'console.log("shell");',
    'shell/favicon.ico': 'icon',
    'shell/.env': 'SECRET=1',
  };
  for (const dir of remotePackageDirs) {
    files[`${dir}/remoteEntry.js`] = `var ${dir.replace('-', '_')};`;
    files[`${dir}/mf-manifest.json`] = '{}';
    files[`${dir}/src_app.0a1b2c3d4e.js`] = 'console.log("chunk");';
  }
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(publicDir, path)), { recursive: true });
    writeFileSync(join(publicDir, path), content);
  }
  return publicDir;
}
