/**
 * The validation half of a call, each step once, in order: guard (plain JSON object, size,
 * depth, forbidden keys), lenient decoding, the schema gate (the input must match the tool's
 * JSON Schema, so the schema promises no more and no less than the registry accepts), then,
 * only where the tool's plan says class-validator has a say the schema cannot express,
 * `plainToInstance` and one `validate`, with the tool's `ValidationPipe` settings (by default
 * whitelisting, unknown properties forbidden; where they are not forbidden they are dropped
 * before the gate, as class-validator's whitelist strips them).
 */
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { ValidatorOptions } from 'class-validator';
import { applyDefaults, hasDefaults } from './applyDefaults';
import { decodeLenient } from './decodeLenient';
import { checkSchema } from './checkSchema';
import { formatValidationErrors } from './formatValidationErrors';
import { guardValue, parseJsonText } from './guardInput';
import type { ObjectSchema } from '../schema/JsonSchema';
import { DEFAULT_PIPE, dropsUnknown } from './pipeOptions';
import type { PipeSettings } from './pipeOptions';
import { dropUnknown } from './dropUnknown';
import type { ArgumentClass, ClassValidation, InputLimits, InputPlan } from './types';

/** class-validator's options for a pipe setting (unknown values are always refused). */
const validatorOptions = (pipe: PipeSettings): ValidatorOptions => ({
  whitelist: pipe.whitelist,
  forbidNonWhitelisted: pipe.forbidNonWhitelisted,
  forbidUnknownValues: true,
  validationError: { target: false, value: false },
});

/** class-transformer's `plainToInstance` of `source` into `cls` as the pipe setting converts. */
const toInstance = (cls: ArgumentClass, source: object, pipe: PipeSettings) =>
  plainToInstance(cls, source, {
    enableImplicitConversion: pipe.implicitConversion,
  }) as Record<string, unknown>;

/**
 * Valid input: the decoded plain object, and what the arguments come from (the DTO instance, or
 * the named values, copied so neither the method nor the caller can change the other's data).
 */
export interface PreparedInput {
  ok: true;
  input: Record<string, unknown>;
  instance: Record<string, unknown>;
}

/** Invalid input: one `path: message` per problem. */
export interface RejectedInput {
  ok: false;
  problems: string[];
}

/** A deep copy of checked JSON data (its depth is already bounded by the guard). */
function copyJson(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyJson);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value))
    out[key] = copyJson((value as Record<string, unknown>)[key]);
  return out;
}

async function validated(
  instance: object,
  pipe: PipeSettings,
): Promise<{ ok: true } | RejectedInput> {
  const errors = await validate(instance, validatorOptions(pipe));
  return errors.length > 0 ? { ok: false, problems: formatValidationErrors(errors) } : { ok: true };
}

/**
 * A copy of checked input with the schema's defaults where properties are absent, so the method
 * receives them (a class's initializers, nested objects and named parameters included).
 */
function withDefaults(
  schema: ObjectSchema,
  input: Record<string, unknown>,
): Record<string, unknown> {
  const copy = copyJson(input) as Record<string, unknown>;
  if (hasDefaults(schema)) applyDefaults(copy, schema, schema.$defs ?? {});
  return copy;
}

/** What `plainToInstance` reads: the input, or a copy with the defaults when the schema has any. */
const sourceOf = (schema: ObjectSchema, input: Record<string, unknown>): Record<string, unknown> =>
  hasDefaults(schema) ? withDefaults(schema, input) : input;

/** The arguments of a schema-checked input where class-validator has a say. */
async function argumentsOf(
  cv: ClassValidation,
  input: Record<string, unknown>,
  schema: ObjectSchema,
  pipe: PipeSettings,
): Promise<PreparedInput | RejectedInput> {
  if (cv.kind === 'dto') {
    const source = sourceOf(schema, input);
    const instance = toInstance(cv.argumentClass, source, pipe);
    const verdict = await validated(instance, pipe);
    if (!verdict.ok) return verdict;
    return { ok: true, input, instance: pipe.transform ? instance : withDefaults(schema, input) };
  }
  const instance = withDefaults(schema, input);
  const picked: Record<string, unknown> = {};
  for (const name of cv.names) if (name in input) picked[name] = input[name];
  const transformed = toInstance(cv.argumentClass, picked, pipe);
  const verdict = await validated(transformed, pipe);
  if (!verdict.ok) return verdict;
  for (const name of cv.names) if (name in picked) instance[name] = transformed[name];
  return { ok: true, input, instance };
}

const couldNotValidate = (error: unknown): string =>
  `input: could not be validated (${(error as Error)?.message})`;

/**
 * Runs every check of the call pipeline, each once; never throws. Synchronous (no promise, no
 * microtask) when the schema gate alone judges the tool (named parameters the schema describes,
 * a DTO whose every constraint it judges exactly), which is the common case.
 */
export function prepareInput(
  plan: InputPlan,
  raw: unknown,
  limits: InputLimits,
): PreparedInput | RejectedInput | Promise<PreparedInput | RejectedInput> {
  const guarded = typeof raw === 'string' ? parseJsonText(raw, limits) : guardValue(raw, limits);
  if (!guarded.ok) return guarded;
  const pipe = plan.pipe ?? DEFAULT_PIPE;
  const sent = dropsUnknown(pipe)
    ? (dropUnknown(guarded.value, plan.schema, plan.schema.$defs ?? {}) as typeof guarded.value)
    : guarded.value;
  const input = decodeLenient(sent, plan.schema, limits);
  const mismatches = checkSchema(input, plan.schema, '', plan.schema.$defs);
  if (mismatches.length > 0) return { ok: false, problems: mismatches };
  const cv = plan.classValidation;
  if (!cv) return { ok: true, input, instance: withDefaults(plan.schema, input) };
  if (cv.kind === 'dto' && !cv.validate) {
    // The gate judged every constraint: the instance (initializers applied) is all that is left.
    try {
      if (!pipe.transform) return { ok: true, input, instance: withDefaults(plan.schema, input) };
      const instance = toInstance(cv.argumentClass, sourceOf(plan.schema, input), pipe);
      return { ok: true, input, instance };
    } catch (error) {
      return { ok: false, problems: [couldNotValidate(error)] };
    }
  }
  return argumentsOf(cv, input, plan.schema, pipe).catch((error: unknown): RejectedInput => ({
    ok: false,
    problems: [couldNotValidate(error)],
  }));
}
