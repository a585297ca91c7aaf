import { z } from 'zod';
import { normalise, type TextEmbedder } from './embedder.js';

export interface OpenAiEmbedderOptions {
  /** The API's base URL, e.g. http://localhost:11434/v1 (requests go to {url}/embeddings). */
  url: string;
  model: string;
  apiKey: string | undefined;
  timeoutMs?: number;
  /** Attempts per call: 429 and 5xx answers and network errors are retried with back-off. */
  attempts?: number;
}

const responseSchema = z.object({
  data: z.array(z.object({ index: z.number().int().min(0), embedding: z.array(z.number()) })),
});

export class EmbeddingApiError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'EmbeddingApiError';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function requestEmbeddings(
  options: OpenAiEmbedderOptions,
  input: readonly string[],
): Promise<number[][]> {
  let response: Response;
  try {
    response = await fetch(`${options.url}/embeddings`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: options.model, input }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
    });
  } catch (error) {
    throw new EmbeddingApiError(`embeddings API unreachable: ${(error as Error).message}`, true);
  }
  if (!response.ok) {
    await response.body?.cancel();
    const retryable = response.status === 429 || response.status >= 500;
    throw new EmbeddingApiError(`embeddings API answered ${response.status}`, retryable);
  }
  const parsed = responseSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success || parsed.data.data.length !== input.length) {
    throw new EmbeddingApiError('embeddings API sent an answer of an unexpected shape', false);
  }
  const vectors: number[][] = [];
  for (const item of parsed.data.data) vectors[item.index] = item.embedding;
  return vectors;
}

async function withRetries<T>(attempts: number, call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const retryable = error instanceof EmbeddingApiError && error.retryable;
      if (!retryable || attempt >= attempts) throw error;
      await sleep(250 * 2 ** attempt);
    }
  }
}

/**
 * An OpenAI-compatible /v1/embeddings endpoint (OpenAI, Ollama, vLLM, TEI). The dimension is
 * learned from one probe call, so a misconfigured endpoint fails at start rather than mid-crawl.
 */
export async function createOpenAiEmbedder(options: OpenAiEmbedderOptions): Promise<TextEmbedder> {
  const attempts = options.attempts ?? 4;
  const [probe] = await withRetries(attempts, () =>
    requestEmbeddings(options, ['dimension probe']),
  );
  const dimension = probe?.length ?? 0;
  if (dimension === 0)
    throw new EmbeddingApiError('embeddings API returned an empty vector', false);
  return {
    model: `openai:${options.model}`,
    dimension,
    async embed(texts) {
      if (texts.length === 0) return [];
      // Some servers reject empty strings; a lone space embeds as "nothing" everywhere.
      const input = texts.map((text) => (text.trim() === '' ? ' ' : text));
      const vectors = await withRetries(attempts, () => requestEmbeddings(options, input));
      return vectors.map((vector) => {
        if (vector.length !== dimension) {
          throw new EmbeddingApiError(
            `embeddings API changed dimension (${vector.length}, expected ${dimension})`,
            false,
          );
        }
        return normalise(Float32Array.from(vector));
      });
    },
  };
}
