/**
 * Test helper: an in-memory ts-morph project with a fake `toolwright` package (and minimal
 * class-validator / class-transformer declarations) in `node_modules`, so codegen tests feed
 * small inline sources and compare whole outputs without touching the disk.
 */
import { Project, ts } from 'ts-morph';
import { runCodegen } from '../runCodegen';
import type { CodegenResult } from '../assembleManifest';
import { renderManifestModule } from '../emit/renderManifest';
import { manifestTypeErrors } from './compileManifest';
import { compileStrict } from './strictSchema';

export const ROOT = '/project';

export const TOOLWRIGHT_DECORATORS = `
export interface ToolOptions { [key: string]: unknown }
export interface ParamOptions { description?: string; optional?: boolean; schema?: object; type?: Function }
export declare function Tool(options?: ToolOptions): MethodDecorator;
export declare function Param(name?: string | ParamOptions, options?: ParamOptions): ParameterDecorator;
export declare function Params(): ParameterDecorator;
export declare function Ctx(): ParameterDecorator;
export interface ToolCallContext { toolUseId: string; toolName: string; signal: AbortSignal; state: unknown }
`;

const VALIDATION_OPTIONS = 'o?: { each?: boolean; message?: string }';
export const CLASS_VALIDATOR = [
  ...[
    'IsString',
    'IsNumber',
    'IsInt',
    'IsBoolean',
    'IsDate',
    'IsOptional',
    'ValidateNested',
    'IsUUID',
    'IsPositive',
    'IsNegative',
    'IsNotEmpty',
    'ArrayNotEmpty',
    'ArrayUnique',
    'IsArray',
    'IsDefined',
    'Allow',
    'IsDateString',
    'IsAlpha',
  ].map((name) => `export declare function ${name}(${VALIDATION_OPTIONS}): PropertyDecorator;`),
  ...['IsEmail', 'IsUrl', 'IsDecimal'].map(
    (name) =>
      `export declare function ${name}(options?: object, ${VALIDATION_OPTIONS}): PropertyDecorator;`,
  ),
  ...['Min', 'Max', 'MinLength', 'MaxLength', 'ArrayMinSize', 'ArrayMaxSize'].map(
    (name) =>
      `export declare function ${name}(n: number, ${VALIDATION_OPTIONS}): PropertyDecorator;`,
  ),
  `export declare function Length(min: number, max?: number, ${VALIDATION_OPTIONS}): PropertyDecorator;`,
  `export declare function Matches(pattern: RegExp | string, ${VALIDATION_OPTIONS}): PropertyDecorator;`,
  `export declare function IsIn(values: readonly unknown[], ${VALIDATION_OPTIONS}): PropertyDecorator;`,
  `export declare function IsEnum(entity: object, ${VALIDATION_OPTIONS}): PropertyDecorator;`,
  `export declare function ValidateIf(condition: (o: any, v: any) => boolean, ${VALIDATION_OPTIONS}): PropertyDecorator;`,
  `export declare function Validate(constraint: Function, ${VALIDATION_OPTIONS}): PropertyDecorator;`,
  'export declare function registerDecorator(options: object): void;',
].join('\n');

let shared: Project | undefined;

/**
 * A project whose files (paths relative to `/project`) import the fake packages. The project is
 * shared between calls (its earlier files removed) so the lib files are parsed once per suite.
 */
export function inlineProject(files: Record<string, string>): Project {
  const project = shared ?? createProject();
  shared = project;
  for (const file of project.getSourceFiles()) {
    if (!file.getFilePath().startsWith('/node_modules/')) project.removeSourceFile(file);
  }
  for (const [path, text] of Object.entries(files)) {
    const absolute = new URL(path, `file://${ROOT}/`).pathname;
    if (path.endsWith('.json')) project.getFileSystem().writeFileSync(absolute, text);
    else project.createSourceFile(absolute, text, { overwrite: true });
  }
  return project;
}

function createProject(): Project {
  const project = new Project({
    useInMemoryFileSystem: true,
    skipFileDependencyResolution: true,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      strict: true,
      experimentalDecorators: true,
      skipLibCheck: true,
      lib: ['lib.es2022.d.ts'],
      baseUrl: '/',
      paths: { toolwright: ['/libs/toolwright/src/index.ts'] },
    },
  });
  const fs = project.getFileSystem();
  fs.writeFileSync(
    '/node_modules/toolwright/package.json',
    '{"name":"toolwright","types":"dist/src/index.d.ts"}',
  );
  fs.writeFileSync(
    '/node_modules/toolwright/dist/src/index.d.ts',
    "export * from './decorators';\n",
  );
  fs.writeFileSync('/node_modules/toolwright/dist/src/decorators.d.ts', TOOLWRIGHT_DECORATORS);
  fs.writeFileSync(
    '/node_modules/class-validator/package.json',
    '{"name":"class-validator","types":"index.d.ts"}',
  );
  fs.writeFileSync('/node_modules/class-validator/index.d.ts', CLASS_VALIDATOR);
  fs.writeFileSync(
    '/node_modules/class-transformer/package.json',
    '{"name":"class-transformer","types":"index.d.ts"}',
  );
  fs.writeFileSync(
    '/node_modules/class-transformer/index.d.ts',
    [
      'export declare function Type(f: () => Function): PropertyDecorator;',
      'export declare function Transform(f: (params: { value: any }) => unknown): PropertyDecorator;',
      'export declare function Exclude(options?: { toClassOnly?: boolean; toPlainOnly?: boolean }): PropertyDecorator & ClassDecorator;',
      'export declare function Expose(options?: { name?: string; groups?: string[]; toClassOnly?: boolean }): PropertyDecorator & ClassDecorator;',
    ].join('\n'),
  );
  return project;
}

/**
 * Codegen over inline files. Every schema it emits (input and output) must compile under ajv 2020
 * strict, and the manifest module it renders must type-check when the tools have no error (codegen
 * writes no manifest otherwise), so each codegen test also checks that its schemas are valid JSON
 * Schema and its manifest valid TypeScript.
 */
export function generate(files: Record<string, string>): CodegenResult {
  const result = runCodegen(inlineProject(files), { rootDir: ROOT });
  for (const tool of result.manifest.tools) {
    compileStrict(tool.inputSchema, `tool ${tool.name}`);
    if (tool.outputSchema) compileStrict(tool.outputSchema, `tool ${tool.name} (output)`);
  }
  const failed = result.diagnostics.some((d) => d.severity === 'error');
  const errors = failed ? [] : manifestTypeErrors(renderManifestModule(result.manifest));
  if (errors.length)
    throw new Error(`the rendered manifest does not compile:\n${errors.join('\n')}`);
  return result;
}

/** Codegen of one `src/service.ts` whose source starts with the toolwright imports. */
export function generateOne(source: string): CodegenResult {
  return generate({
    'src/service.ts': `import { Tool, Param, Params, Ctx } from 'toolwright';\n${source}`,
  });
}

/** The schema of `value` when a tool takes `@Param() value: <type>`, after `declarations`. */
export function schemaOfType(
  type: string,
  declarations = '',
): { schema: unknown; diagnostics: string[] } {
  const result = generateOne(
    `import * as cv from 'class-validator';\nimport { Transform, Type } from 'class-transformer';\n${declarations}\n` +
      `export class S {\n  /** Test. */\n  @Tool()\n  t(@Param() value: ${type}) { return value; }\n}\n`,
  );
  const input = result.manifest.tools[0]!.inputSchema;
  const { $defs } = input;
  const schema = input.properties.value;
  return {
    schema: $defs ? { ...schema, $defs } : schema,
    diagnostics: result.diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`),
  };
}
