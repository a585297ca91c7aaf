import type { LogoExtension } from '../../lib/logo-files.js';

const SIGNATURES: [LogoExtension, (bytes: Buffer) => boolean][] = [
  [
    'png',
    (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  ],
  ['jpg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['gif', (b) => b.subarray(0, 4).toString('latin1') === 'GIF8'],
  [
    'webp',
    (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  ],
  ['ico', (b) => b[0] === 0 && b[1] === 0 && b[2] === 1 && b[3] === 0],
];

/**
 * The raster format of an image, told from its first bytes (never from what the server claims).
 * SVG is deliberately not recognised: a third-party SVG served from our origin could run script.
 */
export function rasterImageType(bytes: Buffer): LogoExtension | undefined {
  return SIGNATURES.find(([, matches]) => matches(bytes))?.[0];
}
