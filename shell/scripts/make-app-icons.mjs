// Draws the app icons of the web app manifest (src/pwa/icon-<size>.png): the favicon's accent
// square, full bleed so platforms may mask it, with a white feed symbol (a dot and two arcs)
// inside the central safe zone. Run again after changing the accent: `node scripts/make-app-icons.mjs`.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const ACCENT = [0xd3, 0x2f, 0x2f];
const WHITE = [0xff, 0xff, 0xff];
const SIZES = [192, 512];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** White where the feed symbol is: a dot at the lower left and two quarter rings around it. */
function isSymbol(x, y, size) {
  const unit = size * 0.1;
  const originX = size * 0.3;
  const originY = size * 0.7;
  const dx = x - originX;
  const dy = originY - y;
  if (Math.hypot(dx - 0.75 * unit, dy - 0.75 * unit) <= 0.75 * unit) return true;
  if (dx < 0 || dy < 0) return false;
  const distance = Math.hypot(dx, dy);
  return (
    (distance >= 2 * unit && distance <= 2.8 * unit) ||
    (distance >= 3.6 * unit && distance <= 4.4 * unit)
  );
}

function png(size) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const [r, g, b] = isSymbol(x + 0.5, y + 0.5, size) ? WHITE : ACCENT;
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const size of SIZES) {
  writeFileSync(new URL(`../src/pwa/icon-${size}.png`, import.meta.url), png(size));
}
