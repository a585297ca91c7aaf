import { z } from 'zod';
import { apiEnv } from '../../config-schemas.js';

export interface SummariesConfig {
  /** An OpenAI-compatible chat API writes summaries when set; otherwise the offline summariser. */
  llm:
    { baseUrl: string; model: string; apiKey: string | undefined; timeoutMs: number } | undefined;
  /** Summaries one client address may have computed per hour (cached ones are free); 0: no limit. */
  computedPerIpPerHour: number;
  /**
   * Questions one client address may ask per hour (/api/ask: each costs a passage search and the
   * quoting, more than a search, docs/decisions/0038); 0: no limit.
   */
  asksPerIpPerHour: number;
  /**
   * Deadline of the chat model's written answer to a question (docs/decisions/0038): a reader is
   * waiting, so much shorter than a summary's; past it, the quoted answer is shown.
   */
  askTimeoutMs: number;
}

const api = apiEnv(
  { url: 'LLM_BASE_URL', model: 'LLM_MODEL', apiKey: 'LLM_API_KEY' },
  'the chat model that writes summaries',
);

/** The environment variables of the summaries (docs/CONFIGURATION.md). */
export const summariesEnvShape = {
  ...api.shape,
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  SUMMARY_LIMIT_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(60),
  ASK_LIMIT_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(60),
  ASK_LLM_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(8_000),
};

type SummariesEnv = z.infer<z.ZodObject<typeof summariesEnvShape>>;

export const checkSummariesEnv = api.check;

export function toSummariesConfig(env: SummariesEnv): SummariesConfig {
  return {
    llm:
      env.LLM_BASE_URL && env.LLM_MODEL
        ? {
            baseUrl: env.LLM_BASE_URL,
            model: env.LLM_MODEL,
            apiKey: env.LLM_API_KEY,
            timeoutMs: env.LLM_TIMEOUT_MS,
          }
        : undefined,
    computedPerIpPerHour: env.SUMMARY_LIMIT_PER_HOUR,
    asksPerIpPerHour: env.ASK_LIMIT_PER_HOUR,
    askTimeoutMs: env.ASK_LLM_TIMEOUT_MS,
  };
}
