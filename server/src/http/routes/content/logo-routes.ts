import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Db } from '../../../db/db.js';
import { sourceNameByUrlName } from '../../../db/sources.js';
import {
  LOGO_CONTENT_TYPES,
  LOGO_FILE_NAME,
  logoDir,
  type LogoExtension,
} from '../../../lib/logo-files.js';
import { monogramSvg } from '../../../lib/monogram.js';
import { ApiFailure } from '../../api-failure.js';
import type { App } from '../../app-type.js';

const ONE_DAY_SECONDS = 24 * 60 * 60;

/**
 * GET /static/logos/{logo_file} (spec §9): a site icon the crawler stored in DATA_DIR/logos, or
 * else the source's monogram, so a card never shows a broken image. Served with a CSP that
 * forbids any script, in case a file were ever opened directly.
 */
export function registerLogoRoutes(app: App, db: Db, dataDir: string): void {
  const dir = logoDir(dataDir);
  app.get(
    '/static/logos/:file',
    { schema: { params: z.object({ file: z.string().max(210) }) } },
    async (request, reply) => {
      const match = LOGO_FILE_NAME.exec(request.params.file);
      if (!match) throw new ApiFailure(404, 'NOT_FOUND', 'Not found.');
      const [file, urlName, extension] = match as unknown as [string, string, LogoExtension];
      const stored = await readFile(join(dir, file)).catch(() => undefined);
      reply
        .header('cache-control', `public, max-age=${ONE_DAY_SECONDS}`)
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        );
      if (stored) return reply.type(LOGO_CONTENT_TYPES[extension]).send(stored);
      const name = (await sourceNameByUrlName(db, urlName)) ?? urlName.replace(/-/g, ' ');
      return reply.type(LOGO_CONTENT_TYPES.svg).send(monogramSvg(name, urlName));
    },
  );
}
