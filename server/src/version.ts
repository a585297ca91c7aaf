import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverPackageDir } from './paths.js';

const serverPackage = JSON.parse(readFileSync(join(serverPackageDir, 'package.json'), 'utf8')) as {
  version: string;
};

export const serverVersion = serverPackage.version;
