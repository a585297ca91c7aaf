import { z } from 'zod';

/** An http(s) base URL from the environment, without trailing slashes (paths are appended). */
export const httpBaseUrlSchema = z
  .string()
  .trim()
  .refine(
    (value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol),
    'must be an http(s) URL',
  )
  .transform((value) => value.replace(/\/+$/, ''));

/** The variables naming an OpenAI-compatible API: its base URL, the model, the API key. */
export interface ApiVariables<Url extends string, Model extends string, Key extends string> {
  url: Url;
  model: Model;
  apiKey: Key;
}

type ApiEnvShape<Url extends string, Model extends string, Key extends string> = Record<
  Url,
  ReturnType<typeof httpBaseUrlSchema.optional>
> &
  Record<Model, z.ZodOptional<z.ZodString>> &
  Record<Key, z.ZodOptional<z.ZodString>>;

/**
 * The environment variables of an OpenAI-compatible API (embeddings, the summaries' chat model)
 * and their check: the URL is of no use without the model to ask it for (`purpose`: what the
 * model is for).
 */
export function apiEnv<Url extends string, Model extends string, Key extends string>(
  variables: ApiVariables<Url, Model, Key>,
  purpose: string,
): {
  shape: ApiEnvShape<Url, Model, Key>;
  check: (env: Partial<Record<Url | Model, string>>, context: z.RefinementCtx) => void;
} {
  const { url, model, apiKey } = variables;
  const shape = {
    [url]: httpBaseUrlSchema.optional(),
    [model]: z.string().trim().min(1).max(200).optional(),
    [apiKey]: z.string().trim().min(1).optional(),
  } as ApiEnvShape<Url, Model, Key>;
  return {
    shape,
    check: (env, context) => {
      if (env[url] && !env[model]) {
        context.addIssue({
          code: 'custom',
          path: [model],
          message: `required with ${url} (${purpose})`,
        });
      }
    },
  };
}
