import { z } from 'zod';
import { httpBaseUrlSchema } from '../config-schemas.js';

export interface SummariesConfig {
  /** An OpenAI-compatible chat API writes summaries when set; otherwise the offline summariser. */
  llm:
    { baseUrl: string; model: string; apiKey: string | undefined; timeoutMs: number } | undefined;
  /** Summaries one client address may have computed per hour (cached ones are free); 0: no limit. */
  computedPerIpPerHour: number;
}

/** The environment variables of the summaries (docs/CONFIGURATION.md). */
export const summariesEnvShape = {
  LLM_BASE_URL: httpBaseUrlSchema.optional(),
  LLM_MODEL: z.string().trim().min(1).max(200).optional(),
  LLM_API_KEY: z.string().trim().min(1).optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  SUMMARY_LIMIT_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(60),
};

type SummariesEnv = z.infer<z.ZodObject<typeof summariesEnvShape>>;

export function checkSummariesEnv(env: Partial<SummariesEnv>, context: z.RefinementCtx): void {
  if (env.LLM_BASE_URL && !env.LLM_MODEL) {
    context.addIssue({
      code: 'custom',
      path: ['LLM_MODEL'],
      message: 'required with LLM_BASE_URL (the chat model that writes summaries)',
    });
  }
}

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
  };
}
