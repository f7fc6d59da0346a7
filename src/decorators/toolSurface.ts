/**
 * The part of toolwright a tool's own source names: the decorators, the call context, the
 * content a tool may return, its errors and the option and schema types. Not an entry point of
 * the package: codegen resolves `import … from 'toolwright'` to this module's declarations while
 * it reads a project, so the Anthropic SDK's and Node's typings that the full entry point pulls
 * in are never parsed for the decorators' sake. It names nothing outside these few modules; a
 * tool file that uses another export has codegen fall back to the full package (see
 * `codegen/collect/leanProgram`), so everything exported from `toolwright` stays usable.
 */
export { Tool } from './Tool';
export { Param } from './Param';
export { Params } from './Params';
export { Ctx } from './Ctx';
export type { ToolCallContext, ToolProgress } from '../calls/ToolCallContext';
export type {
  ContentBlock,
  ImageContent,
  SearchResultContent,
  TextContent,
} from '../content/ContentBlock';
export { toolContent, imageContent } from '../content/toolContent';
export { searchResultContent } from '../content/searchResultContent';
export type { SearchResultInput } from '../content/searchResultContent';
export type { ToolContentResult } from '../content/toolContent';
export { ToolwrightError } from '../errors/ToolwrightError';
export { ToolError } from '../errors/ToolError';
export type {
  AnthropicToolFields,
  DtoClass,
  KnownToolOptions,
  ParamOptions,
  ToolAnnotations,
  ToolOptions,
} from '../metadata/types';
export type { JsonSchema, JsonSchemaType, JsonValue, ObjectSchema } from '../schema/JsonSchema';
