import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { FetchError } from './fetch-error.js';

export const ACCEPTED_ENCODINGS = 'gzip, deflate, br';

/** Drops a body nobody will read; the error destroying it raises is expected, not a crash. */
export function discard(stream: Readable | Transform | undefined): void {
  if (!stream || stream.destroyed) return;
  stream.on('error', () => undefined);
  stream.destroy();
}

function decompressorFor(contentEncoding: string | undefined): Transform | undefined {
  const encoding = (contentEncoding ?? 'identity').trim().toLowerCase();
  switch (encoding) {
    case '':
    case 'identity':
      return undefined;
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      throw new FetchError(
        'UNSUPPORTED_CONTENT_ENCODING',
        `content encoding ${encoding} is not supported`,
      );
  }
}

/**
 * Reads a response body, decompressing it, and stops as soon as more than `maxBytes` came out of
 * the decompressor: the cap holds against compression bombs, not only against long bodies.
 */
export async function readBody(
  body: Readable,
  contentEncoding: string | undefined,
  maxBytes: number,
): Promise<Buffer> {
  let decompressor: Transform | undefined;
  try {
    decompressor = decompressorFor(contentEncoding);
    const decoded = decompressor ? body.pipe(decompressor) : body;
    if (decompressor) body.on('error', (error) => decompressor?.destroy(error));
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of decoded as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) {
        throw new FetchError('TOO_LARGE', `the body is larger than ${maxBytes} bytes`);
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, total);
  } finally {
    discard(body);
    discard(decompressor);
  }
}
