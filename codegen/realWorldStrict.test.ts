/**
 * The strict projections of the real-world-shaped DTOs (`__fixtures__/realworld`): each is inside
 * both providers' documented subsets, or refused with the reason a user would read (a free-form
 * record, a property the schema cannot type because `@Type` or `@Transform` changes it first).
 */
import { join } from 'node:path';
import { strictInputSchema } from '../src/schema/strict/projectStrictSchema';
import { strictSubsetProblems } from '../src/testing/strictSubset';
import { cachedCodegen } from '../test/cachedCodegen';

jest.setTimeout(120_000);

const REPO = join(__dirname, '..');

function generated() {
  return cachedCodegen([join(__dirname, '__fixtures__', 'realworld', 'RealWorldService.ts')], {
    rootDir: REPO,
  });
}

describe('strict projections of the real-world DTOs', () => {
  const { manifest } = generated();

  it('are inside both subsets, or refused with a reason', () => {
    const refused: string[] = [];
    for (const tool of manifest.tools) {
      for (const provider of ['anthropic', 'openai'] as const) {
        const projection = strictInputSchema(tool.inputSchema, provider);
        if (projection.strict) {
          expect([tool.name, provider, strictSubsetProblems(projection.schema, provider)]).toEqual([
            tool.name,
            provider,
            [],
          ]);
        } else refused.push(`${tool.name} (${provider}) ${projection.reason}`);
      }
    }
    expect(manifest.tools.length).toBeGreaterThanOrEqual(10);
    // Strict where strict mode can say the shape: most tools.
    expect(refused.length).toBeLessThan(manifest.tools.length);
    for (const reason of refused) {
      expect(reason).toMatch(/: (an object with free-form keys|a value of any type)/);
    }
  });
});
