/**
 * Schema and validator agree (issue 3, item 8): for every tool of a fixture service, inputs
 * generated from the schema codegen emits, and mutations of them (a value replaced, a key
 * dropped, a key added), are accepted by the registry exactly when an independent JSON Schema
 * validator (ajv, draft 2020-12) accepts them: 1,200 inputs per tool, 10,800 over the families
 * this fixture covers (types, enums, bounds, tuples, records, unions, nested DTOs, recursion).
 * The newer keyword families have their own test, `agreementFamilies.test.ts`.
 */
import { join } from 'node:path';
import { Project } from 'ts-morph';
import { ToolRegistry } from 'toolwright';
import type { ManifestTool } from 'toolwright';
import { runCodegen } from './runCodegen';
import { AgreementService } from './__fixtures__/agreement/AgreementService';
import { agreementJudge } from './__fixtures__/agreement/agreementJudge';

// Real projects are loaded and type-resolved; give a loaded CI machine room.
jest.setTimeout(90_000);

const REPO = join(__dirname, '..');

function manifestOfFixture() {
  const project = new Project({
    tsConfigFilePath: join(REPO, 'tsconfig.json'),
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
  });
  project.addSourceFileAtPath(join(__dirname, '__fixtures__', 'agreement', 'AgreementService.ts'));
  return runCodegen(project, { rootDir: REPO });
}

const { manifest, diagnostics } = manifestOfFixture();
const registry = new ToolRegistry({ manifest }).register(new AgreementService());
const { verdicts, firstDisagreement } = agreementJudge(registry);

const toolNamed = (name: string): ManifestTool =>
  manifest.tools.find((tool) => tool.name === name)!;

describe('schema and validator agree', () => {
  it('codegen reads the fixture without problems', () => {
    expect(diagnostics).toEqual([]);
    expect(manifest.tools.map((t) => t.name)).toEqual([
      'quote',
      'set_level',
      'filter',
      'area',
      'place_order',
      'ship',
      'schedule',
      'link',
      'store_tree',
    ]);
  });

  it.each(manifest.tools.map((tool) => [tool.name, tool] as const))(
    '%s: the registry accepts exactly what the schema accepts',
    async (_name, tool) => {
      expect(await firstDisagreement(tool, 1200)).toBeUndefined();
    },
  );

  // class-validator alone is more lenient than a DTO's TypeScript types (and so than its schema);
  // each case below is one such leniency, which the registry's schema gate must close.
  describe('where class-validator alone would accept more than the schema', () => {
    const order = {
      email: 'a@b.co',
      items: [{ sku: 'AB-123', quantity: 1 }],
      shipTo: { street: 'Main St' },
      priority: 'low',
    };
    const refusedByBoth = async (tool: string, input: unknown) => {
      const verdict = await verdicts(toolNamed(tool), input);
      expect(verdict.ajv).not.toBe('valid');
      expect(verdict.registry).not.toBe('valid');
    };

    it('a valid order is valid on both sides', async () => {
      expect(await verdicts(toolNamed('place_order'), order)).toEqual({
        ajv: 'valid',
        registry: 'valid',
      });
    });

    it('@IsNotEmpty: an empty string', async () => {
      const verdict = await verdicts(toolNamed('place_order'), { ...order, reference: '' });
      expect(verdict.ajv).toBe('data/reference must NOT have fewer than 1 characters');
      expect(verdict.registry).not.toBe('valid');
    });

    it('a property without a type decorator (notes: string[]) given numbers', () =>
      refusedByBoth('place_order', { ...order, notes: [1] }));

    it('a required nested DTO (shipTo!: Address, @ValidateNested) missing', () => {
      const { shipTo: _omitted, ...input } = order;
      return refusedByBoth('place_order', input);
    });

    it('@IsOptional given null where the type says boolean', () =>
      refusedByBoth('place_order', { ...order, gift: null }));

    it('@ValidateNested given an array where one nested object is expected', () =>
      refusedByBoth('place_order', { ...order, shipTo: [] }));

    it('@ValidateNested({ each: true }) given an array as an element', () =>
      refusedByBoth('place_order', { ...order, items: [...order.items, []] }));

    it('a @Param typed as a DTO class given an array', () =>
      refusedByBoth('ship', { address: [] }));

    it('a @Param typed as a DTO class given null for an @IsOptional property', () =>
      refusedByBoth('ship', { address: { street: 'x', zip: null } }));
  });
});
