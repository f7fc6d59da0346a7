/**
 * One `@Tool` method as found in source → its manifest entry: name, description, input schema,
 * parameter mapping, examples and options. Problems are reported and the entry is still built,
 * so one run lists every problem of the project.
 * Stays one file past ~300 lines (issue 35): it is one phase, one found method to its entry, and
 * its parts (`mapParam` guarding, `namedParam` and `spreadParam` building, examples, options)
 * share the `ParamContext` and the input schema being assembled.
 */
import { ts } from '../typescript';
import type { JsonSchema, JsonValue } from '../../src/schema/JsonSchema';
import type { ManifestParam, ManifestTool, ManifestToolOptions } from '../../src/manifest/types';
import { isValidToolName, toSnakeCase } from '../../src/naming/toolName';
import type { FoundParam, FoundTool } from '../collect/findTools';
import { decoratorArguments } from '../collect/decoratorOrigin';
import type { DecoratorResolver } from '../collect/decoratorOrigin';
import { evaluateLiteral } from '../collect/evaluateLiteral';
import { TOOL_OPTION_NAMES } from '../../src/metadata/toolOptionProblems';
import { readJsDoc } from '../collect/readJsDoc';
import type { JsDoc } from '../collect/readJsDoc';
import { diagnosticAt } from '../diagnostics';
import type { CodegenDiagnostic } from '../diagnostics';
import { composeDescription } from './describeTool';
import { layKeywords } from '../../src/schema/layKeywords';
import { outputSchemaOf } from './outputSchemaOf';
import type { SchemaCache } from './SchemaCache';
import { SchemaBuilder } from './SchemaBuilder';
import { runtimeClassOf } from './runtimeClass';
import { optionNode, readOptions, reportToolOptions } from './toolOptions';
import type { NodeReporter } from './toolOptions';
import { reportNonStrict } from './strictWarnings';
import { toJsonValue } from './toJsonValue';
import { readExamples } from './readExamples';
import { hasUndefined, initializerDefault } from './optionality';
import type { PipeSettings } from '../../src/validation/pipeOptions';

/** What building a tool needs from the run. */
export interface BuildContext {
  checker: ts.TypeChecker;
  resolver: DecoratorResolver;
  /** Turns an absolute file name into the manifest's relative, `/`-separated path. */
  relativePath: (fileName: string) => string;
  /** Schemas shared by the tools of one file (see `SchemaCache`). */
  cache?: SchemaCache;
  /** The `ValidationPipe` settings the schemas describe; default: toolwright's own. */
  pipe?: PipeSettings;
}

/** A manifest entry and the problems found building it. */
export interface BuiltTool {
  tool: ManifestTool;
  diagnostics: CodegenDiagnostic[];
}

const TOOL_FIELDS = new Set(['name', 'description', 'examples']);

interface InputParts {
  properties: Record<string, JsonSchema>;
  required: string[];
  owners: Map<string, string>;
  /** A `@Params` DTO's conditions between its properties (`if`/`then` of exact `@ValidateIf`s). */
  allOf: JsonSchema[];
}

/** Builds the manifest entry of one found tool. */
export function buildTool(found: FoundTool, context: BuildContext): BuiltTool {
  const diagnostics: CodegenDiagnostic[] = [];
  const report: NodeReporter = (node, code, message) =>
    diagnostics.push(diagnosticAt(node, code, message));
  const { checker } = context;
  const label = `${found.className}.${found.methodName}`;
  const optionsArg = decoratorArguments(found.decorator)[0];
  const options = readOptions(optionsArg, checker, report, `@Tool on ${label}`);
  reportToolOptions(optionsArg ?? found.decorator, options, `@Tool on ${label}`, report);
  const name = typeof options.name === 'string' ? options.name : toSnakeCase(found.methodName);
  if (!isValidToolName(name)) {
    report(
      found.decorator,
      'TW108',
      `tool name "${name}" of ${label} must match ^[a-zA-Z0-9_-]{1,64}$; pass @Tool({ name })`,
    );
  }
  const doc = readJsDoc(found.method);
  const description =
    typeof options.description === 'string' ? options.description : composeDescription(doc);
  if (!description) {
    report(
      found.method.name,
      'TW202',
      `tool "${name}" (${label}) has no description; add a JSDoc comment or @Tool({ description })`,
    );
  }
  let location: ts.Node = found.method.name;
  const builder = new SchemaBuilder({
    checker,
    resolver: context.resolver,
    ...(context.cache && { cache: context.cache }),
    ...(context.pipe && { pipe: context.pipe }),
    report: (code, message) => report(location, code, `${label}: ${message}`),
    reportAt: (node, code, message) => report(node, code, message),
  });
  const parts: InputParts = { properties: {}, required: [], owners: new Map(), allOf: [] };
  const params: ManifestParam[] = [];
  for (const param of found.params) {
    location = param.node.name;
    const mapped = mapParam(param, { builder, doc, parts, report, label, checker });
    if (mapped) params.push(mapped);
  }
  const inputSchema: ManifestTool['inputSchema'] = {
    type: 'object',
    properties: parts.properties,
    ...(parts.required.length ? { required: parts.required } : {}),
    additionalProperties: false,
    ...(parts.allOf.length ? { allOf: parts.allOf } : {}),
  };
  const defs = builder.definitions();
  if (defs) inputSchema.$defs = defs;
  const file = found.method.getSourceFile();
  const tool: ManifestTool = {
    name,
    description,
    inputSchema,
    target: {
      class: found.className,
      method: found.methodName,
      file: context.relativePath(file.fileName),
      line: file.getLineAndCharacterOfPosition(found.method.name.getStart(file)).line + 1,
    },
    params,
  };
  const outputSchema = outputSchemaOf(found.method, {
    checker,
    resolver: context.resolver,
    ...(context.cache && { cache: context.cache }),
    doc,
    label,
    report: (code, message) => report(found.method.name, code, message),
  });
  if (outputSchema) tool.outputSchema = outputSchema;
  const at = optionsArg && optionNode(optionsArg, 'examples');
  const source = { label, fromOptions: options.examples, optionNode: at ?? found.method.name, doc };
  const examples = readExamples(source, inputSchema, report);
  if (examples.length) tool.examples = examples;
  const toolOptions = manifestOptions(options, doc);
  if (toolOptions) tool.options = toolOptions;
  reportNonStrict(tool, found.decorator, label, report);
  return { tool, diagnostics };
}

interface ParamContext {
  builder: SchemaBuilder;
  doc: JsDoc;
  parts: InputParts;
  report: NodeReporter;
  label: string;
  checker: ts.TypeChecker;
}

function mapParam(param: FoundParam, context: ParamContext): ManifestParam | undefined {
  const { node, index } = param;
  const { report, label, checker } = context;
  const sourceName = node.name.getText();
  if (!param.kind || !param.decorator) {
    report(
      node.name,
      'TW106',
      `${label} parameter #${index} (${sourceName}) has no @Param, @Params or @Ctx; add @Param() or @Ctx()`,
    );
    return undefined;
  }
  if (param.decoratorCount > 1) {
    report(
      node.name,
      'TW112',
      `${label} parameter #${index} (${sourceName}) has ${param.decoratorCount} toolwright decorators; keep exactly one`,
    );
  }
  if (param.kind === 'Ctx') return { kind: 'context', index };
  const type = checker.getTypeAtLocation(node);
  if (param.kind === 'Params') return spreadParam(param, type, context);
  return namedParam(param, param.decorator, type, context);
}

/**
 * A `@Param` parameter: its input property (the decorator's name, else the parameter's), whose
 * schema is the type's, with the description, the `schema` fragment and the default laid on it.
 */
function namedParam(
  param: FoundParam,
  decorator: NonNullable<FoundParam['decorator']>,
  type: ts.Type,
  context: ParamContext,
): ManifestParam {
  const { node, index } = param;
  const { builder, parts, report, label, checker } = context;
  const sourceName = node.name.getText();
  const args = decoratorArguments(decorator);
  const nameArg =
    args[0] && !ts.isObjectLiteralExpression(args[0])
      ? evaluateLiteral(args[0], checker)
      : undefined;
  const name = nameArg?.ok && typeof nameArg.value === 'string' ? nameArg.value : sourceName;
  const optionsArg = args[0] && ts.isObjectLiteralExpression(args[0]) ? args[0] : args[1];
  const options = readOptions(optionsArg, checker, report, `@Param on ${label} #${index}`, [
    'type',
  ]);
  const fragment = toJsonValue(options.schema);
  const untyped = !!(type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown));
  let schema = untyped && fragment !== undefined ? {} : builder.schemaOf(type, name, node.type);
  const docText = context.doc.tags.find(
    (t) => t.name === 'param' && t.parameter === sourceName,
  )?.text;
  const description = typeof options.description === 'string' ? options.description : docText;
  if (description) schema = { ...schema, description };
  // The user's explicit fragment states its rules instead of the type's (as the no-manifest path
  // spreads it), and the schema gate enforces exactly what it says.
  if (fragment && typeof fragment === 'object' && !Array.isArray(fragment))
    schema = layKeywords(schema, fragment, 'override');
  if (node.initializer && schema.default === undefined) {
    schema = { ...schema, ...initializerDefault(node.initializer, checker) };
  }
  const optional =
    !!node.questionToken || !!node.initializer || hasUndefined(type) || options.optional === true;
  addProperty(parts, name, schema, !optional, `#${index}`, node, context);
  const runtimeClass = runtimeClassOf(type, checker, builder.context.resolver);
  return {
    kind: 'named',
    index,
    name,
    optional,
    schema,
    ...(runtimeClass && { type: runtimeClass }),
  };
}

function spreadParam(param: FoundParam, type: ts.Type, context: ParamContext): ManifestParam {
  const { builder, parts, report, label } = context;
  const symbol = type.getSymbol();
  const typeName = symbol?.getName() ?? context.checker.typeToString(type);
  // A name TypeScript cannot resolve (a misspelled import): its own error says it, with the fix.
  const unresolved = (type as { intrinsicName?: string }).intrinsicName === 'error';
  if (unresolved) return { kind: 'spread', index: param.index, type: typeName };
  if (!symbol || !(symbol.flags & ts.SymbolFlags.Class)) {
    report(
      param.node.name,
      'TW109',
      `${label} parameter #${param.index}: @Params() needs a class (a DTO), not ${context.checker.typeToString(type)}; declare it as a class`,
    );
    return { kind: 'spread', index: param.index, type: typeName };
  }
  let schema = builder.schemaOf(type, '', param.node.type);
  const ref = typeof schema.$ref === 'string' ? schema.$ref.replace('#/$defs/', '') : undefined;
  if (ref) schema = builder.definitions()?.[ref] ?? schema;
  const required = new Set(schema.required ?? []);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    addProperty(parts, name, property, required.has(name), `#${param.index}`, param.node, context);
  }
  parts.allOf.push(...(schema.allOf ?? []));
  return { kind: 'spread', index: param.index, type: typeName };
}

function addProperty(
  parts: InputParts,
  name: string,
  schema: JsonSchema,
  required: boolean,
  owner: string,
  node: ts.ParameterDeclaration,
  context: ParamContext,
): void {
  const previous = parts.owners.get(name);
  if (previous !== undefined) {
    context.report(
      node.name,
      'TW110',
      `${context.label}: parameters ${previous} and ${owner} both map to input property "${name}"; rename one with @Param('other')`,
    );
    return;
  }
  parts.owners.set(name, owner);
  parts.properties[name] = schema;
  if (required) parts.required.push(name);
}

/** The options a manifest entry carries: the known ones but those the entry holds itself. */
function manifestOptions(
  options: Record<string, unknown>,
  doc: JsDoc,
): ManifestToolOptions | undefined {
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(options)) {
    if (TOOL_FIELDS.has(key) || !TOOL_OPTION_NAMES.includes(key)) continue;
    const json = toJsonValue(value);
    if (json !== undefined) out[key] = json;
  }
  const deprecated = doc.tags.find((t) => t.name === 'deprecated');
  if (deprecated && out.deprecated === undefined) out.deprecated = deprecated.text || true;
  return Object.keys(out).length ? (out as ManifestToolOptions) : undefined;
}
