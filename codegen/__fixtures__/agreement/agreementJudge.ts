/**
 * Test helper: compares the registry's verdict on an input with an independent JSON Schema
 * validator's (ajv, draft 2020-12), over inputs generated from the tool's own schema and
 * mutations of them. Shared by the codegen fixture's agreement test and the samples'.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { ManifestTool, ToolRegistry } from 'toolwright';
import { inputs } from '../schemaArbitrary';

/** What each side said of one input: 'valid', or its error text. */
export interface Verdicts {
  ajv: string;
  registry: string;
}

/** Judges a registry's tools against ajv. */
export function agreementJudge(registry: ToolRegistry) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);

  async function verdicts(tool: ManifestTool, input: unknown): Promise<Verdicts> {
    const validate = ajv.compile(tool.inputSchema);
    const checked = await registry.check(tool.name, input);
    return {
      ajv: validate(input) ? 'valid' : ajv.errorsText(validate.errors),
      registry: checked.ok ? 'valid' : checked.error,
    };
  }

  /** The smallest input (after shrinking) on which the two sides disagree, with what each said. */
  async function firstDisagreement(tool: ManifestTool, numRuns = 400): Promise<unknown> {
    const validate = ajv.compile(tool.inputSchema);
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

  return { verdicts, firstDisagreement };
}
