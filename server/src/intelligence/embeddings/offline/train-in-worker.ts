import { Worker } from 'node:worker_threads';

/** Between two texts of a training request (no article's text holds it). */
export const TEXT_SEPARATOR = '\u0000';

export interface TrainingRequest {
  /** The texts, UTF-8, joined by TEXT_SEPARATOR: one buffer handed over without a copy. */
  texts: Uint8Array;
  cacheDir: string;
  trainedOn: string;
}

/** Trains a model file (trainModelFile) in a worker thread; resolves with the file. */
export function trainInWorker(
  texts: readonly string[],
  cacheDir: string,
  trainedOn: string,
): Promise<Buffer> {
  const encoded = new TextEncoder().encode(
    texts.map((text) => text.replaceAll(TEXT_SEPARATOR, ' ')).join(TEXT_SEPARATOR),
  );
  const request: TrainingRequest = { texts: encoded, cacheDir, trainedOn };
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./train-worker.js', import.meta.url), {
      workerData: request,
      transferList: [encoded.buffer],
    });
    worker.once('message', (file: Uint8Array) => resolve(Buffer.from(file)));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the training worker exited with code ${code}`));
    });
  });
}
