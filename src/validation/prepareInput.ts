/**
 * The validation half of a call, in order: guard (plain JSON object, size, depth, forbidden
 * keys), lenient decoding, `plainToInstance` into the tool's argument class, and
 * class-validator with whitelisting and unknown properties forbidden at every level.
 */
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { ValidatorOptions } from 'class-validator';
import type { BoundTool } from '../registry/ToolDefinition';
import type { InputLimits } from '../registry/types';
import { decodeLenient } from './decodeLenient';
import { formatValidationErrors } from './formatValidationErrors';
import { guardValue, parseJsonText } from './guardInput';

const VALIDATOR_OPTIONS: ValidatorOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  validationError: { target: false, value: false },
};

/** Valid input: the decoded plain object and the validated instance the arguments come from. */
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

/** A tool without input parameters: any property is unknown (class-validator refuses an empty class). */
function noInputExpected(input: Record<string, unknown>): PreparedInput | RejectedInput {
  const unknown = Object.keys(input).map((key) => `${key}: property ${key} should not exist`);
  return unknown.length > 0 ? { ok: false, problems: unknown } : { ok: true, input, instance: {} };
}

/** Runs every check of the call pipeline; never throws. */
export async function prepareInput(
  tool: BoundTool,
  raw: unknown,
  limits: InputLimits,
): Promise<PreparedInput | RejectedInput> {
  const guarded = typeof raw === 'string' ? parseJsonText(raw, limits) : guardValue(raw, limits);
  if (!guarded.ok) return guarded;
  const input = decodeLenient(guarded.value, tool.definition.inputSchema, limits);
  if (tool.params.every((param) => param.kind === 'context')) return noInputExpected(input);
  const missing = tool.required
    .filter((name) => input[name] === undefined)
    .map((name) => `${name}: ${name} is required`);
  try {
    const instance = plainToInstance(tool.argumentClass, input) as Record<string, unknown>;
    const errors = await validate(instance, VALIDATOR_OPTIONS);
    const problems = [...missing, ...formatValidationErrors(errors)];
    if (problems.length > 0) return { ok: false, problems };
    return { ok: true, input, instance };
  } catch (error) {
    return { ok: false, problems: [`input: could not be validated (${(error as Error).message})`] };
  }
}
