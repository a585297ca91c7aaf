/**
 * One call of an OpenAI-compatible chat model (POST {base}/chat/completions), for the summaries
 * and the archive's written answers (docs/decisions/0038). The operator configures the URL, so the
 * crawler's address rule does not apply; any failure is a ChatModelError for the caller to fall
 * back on.
 */
import { request } from 'undici';
import type { SummariesConfig } from './summaries-config.js';

export type LlmSettings = NonNullable<SummariesConfig['llm']>;

/** Largest answer read. */
const MAX_RESPONSE_BYTES = 256 * 1024;

export type LlmFailure = 'TIMEOUT' | 'NETWORK' | 'HTTP_ERROR' | 'BAD_RESPONSE' | 'INVALID_SUMMARY';

export class ChatModelError extends Error {
  override name = 'ChatModelError';

  constructor(
    readonly failure: LlmFailure,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/** What a call asks beside the model and the messages (temperature, max_tokens, ...). */
export type ChatOptions = Record<string, unknown>;

async function readCapped(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_RESPONSE_BYTES) {
      throw new ChatModelError(
        'BAD_RESPONSE',
        `the answer is larger than ${MAX_RESPONSE_BYTES} bytes`,
      );
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The message content of a chat completion: a string, or (some servers) a list of text parts. */
function messageContent(answer: unknown): string | undefined {
  const content = (answer as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]
    ?.message?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) =>
        typeof (part as { text?: unknown })?.text === 'string'
          ? (part as { text: string }).text
          : '',
      )
      .join('');
  }
  return undefined;
}

/**
 * The model's message for `messages`, within `timeoutMs` (the settings' own deadline unless
 * given); throws ChatModelError on any failure.
 */
export async function chatCompletion(
  settings: LlmSettings,
  messages: readonly ChatMessage[],
  options: ChatOptions,
  timeoutMs = settings.timeoutMs,
): Promise<string> {
  const deadline = AbortSignal.timeout(timeoutMs);
  let raw: string;
  let statusCode: number;
  try {
    const response = await request(`${settings.baseUrl}/chat/completions`, {
      method: 'POST',
      signal: deadline,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: settings.model, ...options, messages }),
    });
    statusCode = response.statusCode;
    if (statusCode < 200 || statusCode > 299) {
      await response.body.dump().catch(() => undefined);
      throw new ChatModelError('HTTP_ERROR', `the chat API answered ${statusCode}`, statusCode);
    }
    raw = await readCapped(response.body);
  } catch (error) {
    if (error instanceof ChatModelError) throw error;
    if (deadline.aborted) {
      throw new ChatModelError('TIMEOUT', `no answer within ${timeoutMs} ms`);
    }
    throw new ChatModelError(
      'NETWORK',
      `the chat API could not be reached: ${(error as Error).message}`,
    );
  }
  let content: string | undefined;
  try {
    content = messageContent(JSON.parse(raw));
  } catch {
    throw new ChatModelError('BAD_RESPONSE', 'the answer is not JSON', statusCode);
  }
  if (content === undefined) {
    throw new ChatModelError('BAD_RESPONSE', 'the answer has no message content', statusCode);
  }
  return content;
}
