/**
 * Writes a synthetic project for the codegen benchmark: `files` service files with `tools` tools
 * each, using interfaces, literal unions, optional parameters with defaults, unions of objects,
 * generics, mapped types, a recursive type and class-validator DTOs with nested DTOs, plus
 * ordinary method bodies (what `tsc` checks and codegen does not). Every service file imports
 * `toolwright`, the real built package linked into `node_modules` (its declarations name the
 * Anthropic SDK's and Node's), as do the real class-validator and class-transformer; the
 * tsconfig leaves `types` unset, as most projects do, so `@types` packages load automatically.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The shape of the generated project. */
export interface GeneratedProjectOptions {
  files: number;
  toolsPerFile: number;
  /** Where the repository's node_modules is (for class-validator / class-transformer). */
  nodeModules: string;
  /** The toolwright package to link (the repository, built). */
  toolwright: string;
}

const SHARED = `/** Shared types, imported by some services. */
export interface Page<T> { items: T[]; next?: string; total: number }
export interface Money { amount: number; currency: 'EUR' | 'USD' | 'GBP' }
export type Category = { name: string; children: Category[] };
export type Patch<T> = Partial<T> & { id: string };
`;

const PARAMS = [
  (_i: number) => `@Param() query: string, @Param() limit?: number`,
  (i: number) => `@Param() filter: Filter${i}, @Param() page = 1`,
  (i: number) => `@Params() order: Order${i}, @Ctx() ctx: ToolCallContext`,
  (i: number) => `@Param() shape: Shape${i}, @Param() status: Status${i} | null`,
  (i: number) => `@Param() address: Partial<Address${i}>, @Param() tags: readonly string[]`,
  (i: number) =>
    `@Param() status: Status${i}, @Param() mode: 'fast' | 'slow' = 'fast', @Param() retries = 3`,
  (i: number) => `@Params() order: Order${i}, @Param() dryRun = false`,
];

function serviceFile(i: number, toolsPerFile: number): string {
  const shared = i % 10 === 0;
  const tools: string[] = [];
  for (let j = 0; j < toolsPerFile; j++) {
    tools.push(`  /**
   * Tool ${j} of service ${i}: does something useful with the input.
   * @param query What to look for.
   * @returns A summary of what was done.
   * @throws NotFound when nothing matches.${j % PARAMS.length === 0 ? '\n   * @example {"query": "x"}' : ''}
   */
  @Tool(${j % 3 === 0 ? `{ requiresApproval: true, timeoutMs: ${1000 + j} }` : ''})
  tool${i}x${j}(${PARAMS[j % PARAMS.length]!(i)}): Result${i} {
    const started = Date.now();
    const values = [${j}, ${i}, started].map((v) => v * 2).filter((v) => v > 1);
    return { ok: values.length > 0, count: values.reduce((a, b) => a + b, 0), label: \`t${j}-\${values.join(',')}\` };
  }
`);
  }
  return `import { Tool, Param, Params, Ctx } from 'toolwright';
import type { ToolCallContext } from 'toolwright';
import { IsEmail, IsIn, IsInt, IsOptional, Max, Min, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
${shared ? "import type { Page, Money, Category, Patch } from './shared';\n" : ''}
export interface Address${i} { street: string; city: string; zip?: string; country: 'FR' | 'DE' | 'US' }
export type Status${i} = 'open' | 'closed' | 'pending';
export interface Filter${i} {
  /** Only these statuses. */
  status?: Status${i}[];
  /** @minLength 1 */
  text: string;
  range?: { from: number; to: number };
  extra: Record<string, string>;
}
export type Shape${i} = { kind: 'circle'; radius: number } | { kind: 'square'; side: number };
export interface Result${i} { ok: boolean; count: number; label: string }
export class Line${i} {
  @IsInt() @Min(1) @Max(99) quantity!: number;
  @IsIn(['a', 'b', 'c']) sku!: string;
}
export class Order${i} {
  @IsEmail() email!: string;
  @ValidateNested({ each: true }) @Type(() => Line${i}) lines!: Line${i}[];
  @IsOptional() note?: string;
}
${shared ? `export interface Catalog${i} { page: Page<Category>; price: Money; patch: Patch<Address${i}> }\n` : ''}
function helper${i}(values: number[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const [index, value] of values.entries()) out.set(\`k\${index}\`, value * ${i});
  return out;
}

export class Service${i} {
  private readonly cache = helper${i}([1, 2, 3]);

  size(): number {
    return this.cache.size;
  }

${tools.join('\n')}${
    shared
      ? `
  /** Browses the catalog. */
  @Tool()
  catalog${i}(@Param() catalog: Catalog${i}): number { return catalog.page.total; }
`
      : ''
  }}
`;
}

/**
 * Empties `root`, links each package of `links` (name → directory) into its `node_modules` and
 * writes the benchmark projects' tsconfig (`src/`, strict, legacy decorators with metadata);
 * returns the writer of the project's files.
 */
export function startBenchProject(
  root: string,
  links: Record<string, string>,
): (path: string, text: string) => void {
  rmSync(root, { recursive: true, force: true });
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  mkdirSync(join(root, 'node_modules'), { recursive: true });
  for (const [name, target] of Object.entries(links)) {
    symlinkSync(target, join(root, 'node_modules', name), 'dir');
  }
  const compilerOptions = {
    target: 'ES2022',
    module: 'commonjs',
    lib: ['ES2023'],
    strict: true,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    skipLibCheck: true,
  };
  write('tsconfig.json', JSON.stringify({ compilerOptions, include: ['src'] }, null, 2));
  return write;
}

/** Writes the project into `root` (emptied first); returns its tsconfig path. */
export function generateProject(root: string, options: GeneratedProjectOptions): string {
  const write = startBenchProject(root, {
    toolwright: options.toolwright,
    'class-validator': join(options.nodeModules, 'class-validator'),
    'class-transformer': join(options.nodeModules, 'class-transformer'),
  });
  write('src/shared.ts', SHARED);
  for (let i = 0; i < options.files; i++)
    write(`src/service${i}.ts`, serviceFile(i, options.toolsPerFile));
  return join(root, 'tsconfig.json');
}
