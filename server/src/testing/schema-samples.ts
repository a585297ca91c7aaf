import { z } from 'zod';

interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
}

/** A place in a value: object keys and array indexes from the top. */
export type ValuePath = (string | number)[];

function objectSamples(schema: JsonSchema): unknown[] {
  const fields = Object.entries(schema.properties ?? {}).map(
    ([key, property]) => [key, samples(property)] as const,
  );
  if (!schema.properties && typeof schema.additionalProperties === 'object') {
    fields.push(['key', samples(schema.additionalProperties)]);
  }
  const count = Math.max(1, ...fields.map(([, values]) => values.length));
  return Array.from({ length: count }, (_, index) =>
    Object.fromEntries(
      fields.map(([key, values]) => [key, values[Math.min(index, values.length - 1)]]),
    ),
  );
}

function samples(schema: JsonSchema): unknown[] {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return choices.flatMap(samples);
  if ('const' in schema) return [schema.const];
  if (schema.enum) return schema.enum.slice(0, 1);
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'object':
      return objectSamples(schema);
    case 'array':
      return schema.items ? samples(schema.items).map((item) => [item]) : [[]];
    case 'number':
    case 'integer':
      return [Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? Infinity)];
    case 'boolean':
      return [true];
    case 'null':
      return [null];
    default:
      return ['text']; // a string, or a value of any type
  }
}

/**
 * Values of a request schema's shape, so that each branch of every union shows in one of them:
 * every property present, numbers 1 (or their nearest bound), strings and untyped values `text`.
 * They need not pass the schema's finer rules (formats, lengths).
 */
export function samplesOf(schema: z.ZodType): unknown[] {
  return samples(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
}

/** The path of every string in `value`. */
export function stringPaths(value: unknown, path: ValuePath = []): ValuePath[] {
  if (typeof value === 'string') return [path];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    stringPaths(child, [...path, Array.isArray(value) ? Number(key) : key]),
  );
}

/** A copy of `value` with `replacement` at `path`. */
export function withValueAt(value: unknown, path: ValuePath, replacement: unknown): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[step] = withValueAt(copy[step], rest, replacement);
  return copy;
}
