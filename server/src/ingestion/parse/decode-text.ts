import { TextDecoder } from 'node:util';

const BOMS: [bytes: number[], encoding: string][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

function bomEncoding(body: Buffer): string | undefined {
  return BOMS.find(([bytes]) => bytes.every((byte, index) => body[index] === byte))?.[1];
}

function declaredEncoding(body: Buffer): string | undefined {
  const head = body.subarray(0, 512).toString('latin1');
  return /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head)?.[1];
}

function headerCharset(contentType: string | undefined): string | undefined {
  return /;\s*charset\s*=\s*"?([A-Za-z0-9._:-]+)/i.exec(contentType ?? '')?.[1];
}

function decoderFor(label: string | undefined): TextDecoder {
  try {
    return new TextDecoder(label ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8'); // an unknown label: UTF-8 is the best guess
  }
}

/**
 * Turns a feed body into text. The byte order mark wins, then the XML declaration (written by
 * the feed's author), then the HTTP charset (often a server default), then UTF-8. Bytes that are
 * invalid in that encoding become U+FFFD rather than failing the feed.
 */
export function decodeText(body: Buffer, contentType: string | undefined): string {
  const label = bomEncoding(body) ?? declaredEncoding(body) ?? headerCharset(contentType);
  // A UTF-16 declaration inside bytes that were readable as ASCII cannot be right.
  const usable = label && /^utf-?16/i.test(label) && !bomEncoding(body) ? undefined : label;
  return decoderFor(usable).decode(body);
}
