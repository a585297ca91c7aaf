import { join } from 'node:path';

/** Content types of the logo files this server writes and serves. */
export const LOGO_CONTENT_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
} as const;

export type LogoExtension = keyof typeof LOGO_CONTENT_TYPES;

/** A file name as /static/logos/{logo_file} accepts it: no path, a known extension. */
export const LOGO_FILE_NAME = /^([a-z0-9][a-z0-9_-]{0,199})\.(png|jpg|gif|webp|ico|svg)$/;

/** Fetched site icons live here; monograms are generated on request and never written. */
export function logoDir(dataDir: string): string {
  return join(dataDir, 'logos');
}
