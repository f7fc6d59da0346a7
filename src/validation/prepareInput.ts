/**
 * The validation half of a call, in order: guard (plain JSON object, size, depth, forbidden
 * keys), lenient decoding, the schema gate (the input must match the tool's JSON Schema, so
 * the schema promises no more and no less than the registry accepts), `plainToInstance` into
 * the tool's argument class, and class-validator with whitelisting and unknown properties
 * forbidden at every level (a DTO's own constraints, custom validators included).
 */
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { ValidatorOptions } from 'class-validator';
import type { BoundTool } from '../registry/ToolDefinition';
import type { InputLimits } from '../registry/types';
import { decodeLenient } from './decodeLenient';
import { checkSchema } from './checkSchema';
import { formatValidationErrors } from './formatValidationErrors';
import { gateIsComplete } from './gateIsComplete';
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

/** Runs every check of the call pipeline; never throws. */
export async function prepareInput(
  tool: BoundTool,
  raw: unknown,
  limits: InputLimits,
): Promise<PreparedInput | RejectedInput> {
  const guarded = typeof raw === 'string' ? parseJsonText(raw, limits) : guardValue(raw, limits);
  if (!guarded.ok) return guarded;
  const schema = tool.definition.inputSchema;
  const input = decodeLenient(guarded.value, schema, limits);
  const mismatches = checkSchema(input, schema, '', schema.$defs);
  if (mismatches.length > 0) return { ok: false, problems: mismatches };
  // class-validator refuses an object of a class without decorators: nothing more to check.
  if (!tool.hasInput) return { ok: true, input, instance: {} };
  // Named primitives only: the gate above already checked all that class-validator would.
  if (gateIsComplete(tool)) return { ok: true, input, instance: input };
  try {
    const instance = plainToInstance(tool.argumentClass, input) as Record<string, unknown>;
    const errors = await validate(instance, VALIDATOR_OPTIONS);
    if (errors.length > 0) return { ok: false, problems: formatValidationErrors(errors) };
    return { ok: true, input, instance };
  } catch (error) {
    return { ok: false, problems: [`input: could not be validated (${(error as Error).message})`] };
  }
}
