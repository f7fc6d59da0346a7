/**
 * Test helper: compares the registry's verdict on an input with an independent JSON Schema
 * validator's (ajv, draft 2020-12, ajv-formats), over inputs generated from the tool's own
 * schema and mutations of them, or from a given arbitrary. Shared by the codegen fixture's
 * agreement tests and the samples'. One format differs from ajv-formats on purpose: toolwright's
 * `email` is class-validator's `isEmail` (see docs/build.md, "Formats and lengths mean what runs"), so ajv gets that function,
 * taken from class-validator itself, not from toolwright's schema gate. ajv's default
 * `multipleOf` divides floats (`0.07 / 0.01` is not an integer there), so the judge sets ajv's
 * own `multipleOfPrecision`, exact for the decimals the multipleOf family generates.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { isEmail } from 'class-validator';
import fc from 'fast-check';
import type { ManifestTool, ToolRegistry } from 'toolwright';
import { inputs } from '../schemaArbitrary';

/** What each side said of one input: 'valid', or its error text. */
export interface Verdicts {
  ajv: string;
  registry: string;
}

/** Where two sides first parted over generated inputs, and how many inputs were judged. */
export interface Tally {
  cases: number;
  /** How many of them both sides found valid. */
  valid: number;
  first?: { tool: string; input: unknown; schema: unknown } & Verdicts;
}

/** class-validator's `isEmail`; it throws on a lone surrogate, which is no email either. */
const classValidatorEmail = (text: string): boolean => {
  try {
    return isEmail(text);
  } catch {
    return false;
  }
};

/**
 * Judges a registry's tools against ajv. `dropsUnknown`: the registry's `ValidationPipe` options do
 * not forbid unknown properties, so it drops them, and ajv removes them too (`removeAdditional`,
 * on a copy). ajv also removes, while it tries an `anyOf` branch, a property another branch names,
 * so an input valid as sent is valid whatever that removal makes of it.
 */
export function agreementJudge(registry: ToolRegistry, dropsUnknown = false) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 6 });
  const removing = new Ajv2020({
    strict: false,
    allErrors: true,
    multipleOfPrecision: 6,
    removeAdditional: true,
  });
  addFormats(removing);
  removing.addFormat('email', classValidatorEmail);
  addFormats(ajv);
  ajv.addFormat('email', classValidatorEmail);

  /** ajv's validator of a schema, as the registry's options read unknown properties. */
  function compile(schema: object): ((input: unknown) => boolean) & { errors?: unknown } {
    const plain = ajv.compile(schema);
    if (!dropsUnknown) return plain;
    const stripped = removing.compile(schema);
    const validate = (input: unknown): boolean => {
      if (plain(input)) return true;
      const ok = stripped(structuredClone(input));
      validate.errors = ok ? undefined : stripped.errors;
      return ok;
    };
    validate.errors = undefined as unknown;
    return validate;
  }

  async function verdicts(tool: ManifestTool, input: unknown): Promise<Verdicts> {
    const validate = compile(tool.inputSchema);
    const checked = await registry.check(tool.name, input);
    return {
      ajv: validate(input) ? 'valid' : ajv.errorsText(validate.errors as never),
      registry: checked.ok ? 'valid' : checked.error,
    };
  }

  /** The smallest input (after shrinking) on which the two sides disagree, with what each said. */
  async function firstDisagreement(tool: ManifestTool, numRuns = 400): Promise<unknown> {
    const validate = compile(tool.inputSchema);
    const result = await fc.check(
      fc.asyncProperty(inputs(tool.inputSchema), async (input) => {
        const checked = await registry.check(tool.name, input);
        return validate(input) === checked.ok;
      }),
      { numRuns, seed: 42 },
    );
    if (!result.counterexample) return undefined;
    const [input] = result.counterexample;
    return { input, ...(await verdicts(tool, input)) };
  }

  /**
   * Judges `numRuns` inputs from `arbitrary` (as JSON text would carry them) on both sides; stops
   * at the first disagreement and reports it with the tool's schema. `lastWord`, for a tool whose
   * schema is deliberately looser than a decorator (class-validator runs for it), is that
   * decorator's own check: the registry must then accept exactly what ajv and it both accept.
   */
  async function tally(
    tool: ManifestTool,
    arbitrary: fc.Arbitrary<unknown>,
    numRuns: number,
    lastWord: (input: unknown) => boolean = () => true,
  ): Promise<Tally> {
    const validate = compile(tool.inputSchema);
    let cases = 0;
    let valid = 0;
    for (const value of fc.sample(arbitrary, { numRuns, seed: 11 })) {
      const input = JSON.parse(JSON.stringify(value)) as unknown;
      cases++;
      const checked = await registry.check(tool.name, input);
      if ((validate(input) && lastWord(input)) === checked.ok) {
        if (checked.ok) valid++;
        continue;
      }
      const first = { tool: tool.name, input, schema: tool.inputSchema };
      return { cases, valid, first: { ...first, ...(await verdicts(tool, input)) } };
    }
    return { cases, valid };
  }

  return { verdicts, firstDisagreement, tally };
}
