/**
 * Every schema codegen emits is valid JSON Schema (issue 10): the samples' manifest and the
 * agreement fixture's compile under ajv 2020 strict. (The inline fixture suites check theirs in
 * `generate`, on every run.)
 */
import { join } from 'node:path';
import { Project } from 'ts-morph';
import { manifest as samplesManifest } from '../samples/tools.manifest';
import { runCodegen } from './runCodegen';
import { compileStrict } from './__fixtures__/strictSchema';

// A real project is loaded and type-resolved; give a loaded CI machine room.
jest.setTimeout(90_000);

const REPO = join(__dirname, '..');

function agreementManifest() {
  const project = new Project({
    tsConfigFilePath: join(REPO, 'tsconfig.json'),
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
  });
  project.addSourceFileAtPath(join(__dirname, '__fixtures__', 'agreement', 'AgreementService.ts'));
  return runCodegen(project, { rootDir: REPO }).manifest;
}

describe('every emitted schema compiles under ajv 2020 strict', () => {
  it.each(samplesManifest.tools.map((tool) => [tool.name, tool] as const))(
    'samples: %s',
    (name, tool) => {
      expect(() => compileStrict(tool.inputSchema, name)).not.toThrow();
      if (tool.outputSchema)
        expect(() => compileStrict(tool.outputSchema!, `${name} (output)`)).not.toThrow();
    },
  );

  it('the agreement fixture', () => {
    const { tools } = agreementManifest();
    expect(tools.length).toBeGreaterThan(0);
    for (const tool of tools) {
      compileStrict(tool.inputSchema, tool.name);
      if (tool.outputSchema) compileStrict(tool.outputSchema, `${tool.name} (output)`);
    }
  });

  it('a schema strict mode refuses is reported, naming the tool', () => {
    expect(() =>
      compileStrict({ type: 'array', items: { type: 'string' }, minimum: 1 }, 'bad'),
    ).toThrow(
      /bad: the emitted schema does not compile under ajv 2020 strict: strict mode: missing type "number" for keyword "minimum"/,
    );
  });
});
