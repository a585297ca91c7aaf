import iconv from 'iconv-lite';

/** Byte order marks, longest first (the UTF-32LE mark begins with the UTF-16LE one). */
const BOMS: [bytes: number[], encoding: string][] = [
  [[0x00, 0x00, 0xfe, 0xff], 'utf-32be'],
  [[0xff, 0xfe, 0x00, 0x00], 'utf-32le'],
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

/** How "<?" (or "<" and anything) starts in each wide encoding, XML 1.0 appendix F. */
const WIDE_STARTS: [bytes: number[], encoding: string][] = [
  [[0x00, 0x00, 0x00, 0x3c], 'utf-32be'],
  [[0x3c, 0x00, 0x00, 0x00], 'utf-32le'],
  [[0x00, 0x3c, 0x00, 0x3f], 'utf-16be'],
  [[0x3c, 0x00, 0x3f, 0x00], 'utf-16le'],
  [[0x00, 0x3c], 'utf-16be'],
  [[0x3c, 0x00], 'utf-16le'],
];

/**
 * Labels that WHATWG's Encoding Standard decodes as windows-1252: servers and feeds that say
 * ISO-8859-1 or ASCII nearly always mean it, and its 0x80-0x9F bytes are punctuation (curly
 * quotes, dashes), not invisible C1 controls.
 */
const WINDOWS_1252_LABELS = new Set([
  'ansi_x3.4-1968',
  'ascii',
  'cp1252',
  'cp819',
  'csisolatin1',
  'ibm819',
  'iso-8859-1',
  'iso-ir-100',
  'iso8859-1',
  'iso88591',
  'iso_8859-1',
  'iso_8859-1:1987',
  'l1',
  'latin1',
  'us-ascii',
  'windows-1252',
  'x-cp1252',
]);

const startsWith = (body: Buffer, bytes: number[]) =>
  bytes.every((byte, index) => body[index] === byte);

const bomOf = (body: Buffer) => BOMS.find(([bytes]) => startsWith(body, bytes));

function wideEncoding(body: Buffer): string | undefined {
  return WIDE_STARTS.find(([bytes]) => startsWith(body, bytes))?.[1];
}

/** A label as iconv-lite knows it, WHATWG's Latin-1 rule applied; undefined when unknown. */
function supported(label: string | undefined): string | undefined {
  const name = label?.trim().toLowerCase();
  if (!name) return undefined;
  if (WINDOWS_1252_LABELS.has(name)) return 'windows-1252';
  return iconv.encodingExists(name) ? name : undefined;
}

function headerCharset(contentType: string | undefined): string | undefined {
  return /;\s*charset\s*=\s*["']?([A-Za-z0-9._:-]+)/i.exec(contentType ?? '')?.[1];
}

/** The encoding a document names itself: an XML declaration, or an HTML meta element. */
function declaredEncoding(body: Buffer): string | undefined {
  const head = body.subarray(0, 1024).toString('latin1');
  return (
    /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head)?.[1] ??
    /<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9._:-]+)/i.exec(head)?.[1]
  );
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

const isUtf8 = (body: Buffer) => {
  try {
    strictUtf8.decode(body);
    return true;
  } catch {
    return false;
  }
};

const SINGLE_BYTE_LATIN = /^(windows-125\d|iso-?8859-\d+)$/;

/** Non-ASCII bytes that form valid UTF-8 are UTF-8: Latin-1 text almost never does by chance. */
const isSurelyUtf8 = (body: Buffer) => body.some((byte) => byte > 0x7f) && isUtf8(body);

/**
 * The encoding of a feed body, by the precedence of RFC 7303 (XML media types): the byte order
 * mark, then the HTTP charset, then the XML declaration, then detection (UTF-16 and UTF-32 from
 * the first bytes, else UTF-8 when the bytes are valid UTF-8, else windows-1252). Labels that
 * cannot be right yield to the bytes: any label on bytes that start like UTF-16 or UTF-32, a
 * wide label on bytes that do not, and a Latin label on bytes that are valid multi-byte UTF-8
 * (a server default such as "charset=ISO-8859-1" on a UTF-8 feed).
 */
export function feedEncoding(body: Buffer, contentType: string | undefined): string {
  const bom = bomOf(body);
  if (bom) return bom[1];
  const wide = wideEncoding(body);
  if (wide) return wide;
  const label = [headerCharset(contentType), declaredEncoding(body)]
    .map(supported)
    .find((name) => name && !/^utf-?(16|32)/.test(name));
  if (label) return SINGLE_BYTE_LATIN.test(label) && isSurelyUtf8(body) ? 'utf-8' : label;
  return isUtf8(body) ? 'utf-8' : 'windows-1252';
}

/** Lead bytes of multi-byte UTF-8: [first, last, sequence length, second byte min, max]. */
const UTF8_LEADS: [number, number, number, number, number][] = [
  [0xc2, 0xdf, 2, 0x80, 0xbf],
  [0xe0, 0xe0, 3, 0xa0, 0xbf],
  [0xe1, 0xec, 3, 0x80, 0xbf],
  [0xed, 0xed, 3, 0x80, 0x9f],
  [0xee, 0xef, 3, 0x80, 0xbf],
  [0xf0, 0xf0, 4, 0x90, 0xbf],
  [0xf1, 0xf3, 4, 0x80, 0xbf],
  [0xf4, 0xf4, 4, 0x80, 0x8f],
];

/** The length of the valid UTF-8 sequence at `index`, or 0 when the byte there starts none. */
function utf8SequenceLength(body: Buffer, index: number): number {
  const lead = body[index]!;
  if (lead < 0x80) return 1;
  const row = UTF8_LEADS.find(([first, last]) => lead >= first && lead <= last);
  if (!row) return 0;
  const [, , length, min, max] = row;
  if (index + length > body.length) return 0;
  const second = body[index + 1]!;
  if (second < min || second > max) return 0;
  for (let next = index + 2; next < index + length; next += 1) {
    if ((body[next]! & 0xc0) !== 0x80) return 0;
  }
  return length;
}

/**
 * UTF-8 in which each byte that starts no valid sequence is read as windows-1252: feeds that
 * say UTF-8 but paste in Latin-1 text (a title typed in another tool) keep both parts readable
 * instead of showing U+FFFD.
 */
function decodeMixedUtf8(body: Buffer): string {
  const parts: string[] = [];
  let runStart = 0;
  let index = 0;
  while (index < body.length) {
    const length = utf8SequenceLength(body, index);
    if (length > 0) {
      index += length;
      continue;
    }
    parts.push(
      body.toString('utf8', runStart, index),
      iconv.decode(body.subarray(index, index + 1), 'windows-1252'),
    );
    index += 1;
    runStart = index;
  }
  parts.push(body.toString('utf8', runStart));
  return parts.join('');
}

/** A feed or page body as text in the encoding `feedEncoding` finds, without its byte order mark. */
export function decodeText(body: Buffer, contentType: string | undefined): string {
  const encoding = feedEncoding(body, contentType);
  if (encoding === 'utf-8' && !isUtf8(body)) return decodeMixedUtf8(body).replace(/^\ufeff/, '');
  return iconv.decode(body, encoding, { stripBOM: true });
}
