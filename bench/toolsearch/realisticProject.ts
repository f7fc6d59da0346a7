/**
 * The realistic bench project for tool search (issue 48): 60 services of a shop's back office,
 * 1,010 tools with names, JSDoc and parameters as a team would write them (the codegen bench's
 * project is synthetic: every tool reads the same, useless for measuring recall). This module
 * turns the service specs into tool descriptions; `writeRealisticProject` writes them as
 * decorated TypeScript classes codegen reads, and `toolNamesText` the list the query writer sees.
 */
import { join } from 'node:path';
import { startBenchProject } from '../codegen/generateProject';
import { toSnakeCase } from '../../src/naming/toolName';
import { COMMERCE } from './services/commerce';
import { OPERATIONS } from './services/operations';
import { PLATFORM } from './services/platform';
import { PARAMS } from './services/params';
import type { ServiceSpec } from './services/types';

/** Every service of the project. */
export const SERVICES: ServiceSpec[] = [...COMMERCE, ...OPERATIONS, ...PLATFORM];

/** One parameter of a generated tool. */
export interface RealisticParam {
  name: string;
  optional: boolean;
  type: string;
  doc: string;
}

/** One generated tool, as its source declares it. */
export interface RealisticTool {
  /** The tool name (the method name in snake_case). */
  name: string;
  service: string;
  className: string;
  method: string;
  summary: string;
  params: RealisticParam[];
}

const SPEC = /^(\w+)\(([^)]*)\) (.+)$/;

function parseParam(text: string, where: string): RealisticParam {
  const optional = text.endsWith('?');
  const name = optional ? text.slice(0, -1) : text;
  const spec = PARAMS[name];
  if (!spec) throw new Error(`${where}: parameter ${name} is not in services/params.ts`);
  return { name, optional, type: spec.type, doc: spec.doc };
}

/** The tools of one service, parsed from its spec lines. */
export function toolsOf(service: ServiceSpec): RealisticTool[] {
  return service.tools.map((line) => {
    const match = SPEC.exec(line);
    if (!match) throw new Error(`${service.service}: cannot read the tool spec "${line}"`);
    const [, method, params, summary] = match as unknown as [string, string, string, string];
    const where = `${service.service}.${method}`;
    return {
      name: toSnakeCase(method),
      service: service.service,
      className: service.className,
      method,
      summary,
      params: params ? params.split(/,\s*/).map((p) => parseParam(p, where)) : [],
    };
  });
}

/** Every tool of the project, in service order. */
export const realisticTools = (): RealisticTool[] => SERVICES.flatMap(toolsOf);

/** `toolNames.txt`: one line per tool, `name<TAB>service`, no descriptions. */
export const toolNamesText = (): string =>
  realisticTools()
    .map((tool) => `${tool.name}\t${tool.service}`)
    .join('\n') + '\n';

/** What the generated method returns, by the first word of its name. */
const RETURNS: Record<string, string> = {
  get: 'The record as stored.',
  list: 'One page of results and the cursor of the next.',
  search: 'The best matches first.',
  find: 'The matches, best first.',
  create: 'The created record with its id.',
};

function methodSource(tool: RealisticTool): string {
  const verb = /^[a-z]+/.exec(tool.method)![0];
  const idParam = tool.params.find((p) => !p.optional && p.name.endsWith('Id'));
  const doc = [
    tool.summary,
    ...tool.params.map((p) => `@param ${p.name} ${p.doc}`),
    `@returns ${RETURNS[verb] ?? 'What changed, and the record after the change.'}`,
    ...(idParam ? [`@throws NotFoundError when no record has this ${idParam.name}.`] : []),
  ];
  const params = tool.params
    .map((p) => `@Param() ${p.name}${p.optional ? '?' : ''}: ${p.type}`)
    .join(', ');
  const input = tool.params.map((p) => p.name).join(', ');
  return `  /**
${doc.map((line) => `   * ${line}`).join('\n')}
   */
  @Tool()
  async ${tool.method}(${params}): Promise<ToolOutcome> {
    return { tool: '${tool.name}', input: { ${input} } };
  }
`;
}

function serviceSource(service: ServiceSpec): string {
  return `import { Tool, Param } from 'toolwright';
import type { ToolOutcome } from '../outcome';

/** The ${service.service} service's tools. */
export class ${service.className} {
${toolsOf(service).map(methodSource).join('\n')}}
`;
}

const OUTCOME = `/** What every tool of the bench project answers: its name and the input it was given. */
export interface ToolOutcome {
  tool: string;
  input: Record<string, unknown>;
}
`;

/** Where the project's node packages come from. */
export interface RealisticProjectOptions {
  /** The toolwright package to link (the repository). */
  toolwright: string;
}

/** Writes the project into `root` (emptied first); returns its tsconfig path. */
export function writeRealisticProject(root: string, options: RealisticProjectOptions): string {
  const write = startBenchProject(root, { toolwright: options.toolwright });
  write('src/outcome.ts', OUTCOME);
  for (const service of SERVICES) {
    write(`src/${service.service}/${service.className}.ts`, serviceSource(service));
  }
  return join(root, 'tsconfig.json');
}
