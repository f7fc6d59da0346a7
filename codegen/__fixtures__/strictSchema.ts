/**
 * Test helper: compiles a schema codegen emitted under ajv's draft 2020-12 in strict mode, and
 * throws with ajv's reason when it does not compile. Two lints of strict mode are off, both for
 * standard draft 2020-12 that TypeScript types mean: `allowUnionTypes` (`type: ['string', 'null']`)
 * and `strictTuples`, which assumes every tuple is closed and so refuses `[string, number?]` and
 * `[string, ...boolean[]]`. Everything else strict checks (unknown keywords and formats, keywords
 * without their type, `required` without its property, invalid keyword values) stays on.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, strictTuples: false });
addFormats(ajv);

/** Compiles `schema` under ajv 2020 strict; throws naming `label` when it cannot. */
export function compileStrict(schema: object, label: string): void {
  try {
    ajv.compile(schema);
  } catch (error) {
    throw new Error(
      `${label}: the emitted schema does not compile under ajv 2020 strict: ${(error as Error).message}\n${JSON.stringify(schema)}`,
    );
  }
}
