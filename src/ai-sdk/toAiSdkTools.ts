/**
 * The registry's tools as Vercel AI SDK tools, built with the SDK's own `tool()` and
 * `jsonSchema()`: the model is shown each tool's JSON Schema, and `execute` goes through the call
 * pipeline (`runModelCall`), so the caller's scopes, validation (path-level errors), time limits
 * and the abort signal hold as in `ToolAgent`. A call the registry answers as an error is thrown as a `ToolError`, which the
 * AI SDK sends back to the model as the tool's error; a tool marked `requiresApproval` uses the
 * SDK's own approval step (`needsApproval`), asked only of a call the pipeline would run. Given a
 * `caller`, only the tools it may use are offered (`listedFor`).
 *
 * Written for AI SDK 6 (`ai@6`). AI SDK 7 is not taken yet, though Node 22 (which it needs) is
 * now the floor: tried (7.0.173), it does not typecheck here (`experimental_context` is gone in
 * favour of a per-tool `context`, and `tool()`'s context type no longer accepts `unknown`), it
 * deprecates the per-tool `needsApproval` for approval at the `generateText` level, and it is ES
 * modules only (with zod's ESM locales), which Jest 29 cannot load without more rewriting. That
 * is a migration of this adapter and its tests of its own.
 */
import { jsonSchema, tool } from 'ai';
import type { ToolSet } from 'ai';
import { ToolError } from '../errors/ToolError';
import type { RegisteredToolInfo } from '../registry/types';
import type { ToolCaller } from '../calls/ToolCaller';
import type { ToolOutcome } from '../calls/ToolOutcome';
import { listedFor } from '../pipeline/listedFor';
import { runCallPipeline, runModelCall } from '../pipeline/runModelCall';
import type { ModelCallHost } from '../pipeline/runModelCall';

/** What the adapter needs of a registry (`ToolRegistry` has it): the call pipeline's needs, and the list. */
export interface AiSdkToolSource extends ModelCallHost {
  /** The tools to offer. */
  list(): RegisteredToolInfo[];
}

/**
 * The pipeline's approval step here: the AI SDK runs `execute` only once its own approval step
 * (`needsApproval`) was answered with an approval.
 */
const approvedByTheSdk = (): boolean => true;

/**
 * Whether a call reaches the pipeline's approval stage (a known tool, its caller admitted, its
 * input valid): only then is the AI SDK's approval step asked, so a user is never asked about a
 * call the pipeline refuses anyway; `execute` answers the refusal. Stops at the approval stage.
 */
async function reachesApproval(
  registry: ModelCallHost,
  name: string,
  input: unknown,
  options: AiSdkToolsOptions<unknown>,
): Promise<boolean> {
  const caller = options.caller ? { caller: options.caller } : {};
  const approval = async () => ({ held: true });
  const answer = await runCallPipeline(registry, { id: '', name, input }, caller, { approval });
  return answer.stage === 'held';
}

/** Options of `toAiSdkTools`. */
export interface AiSdkToolsOptions<State = unknown> {
  /**
   * Application state handed to every call (`ctx.state`), such as the current user. Default: the
   * AI SDK's `experimental_context` of the call.
   */
  state?: State;
  /**
   * The authenticated caller (`ctx.caller`), whose scopes and roles a tool may require. Given, only
   * the tools it may use are offered; without it every tool is, and a scoped tool's call refused.
   */
  caller?: ToolCaller;
}

/** The text of an error outcome: the model sees it as the tool's error. */
const errorText = (content: ToolOutcome['content']): string =>
  typeof content === 'string'
    ? content
    : content.map((block) => ('text' in block ? String(block.text) : '')).join('\n');

type SchemaArgument = Parameters<typeof jsonSchema>[0];

/**
 * Every tool of the registry as an AI SDK tool, keyed by name, for `generateText({ tools })` and
 * `streamText({ tools })`.
 * @example
 * import { generateText, stepCountIs } from 'ai';
 * import { toAiSdkTools } from 'toolwright/ai-sdk';
 * const { text } = await generateText({
 *   model,
 *   tools: toAiSdkTools(registry),
 *   stopWhen: stepCountIs(5),
 *   prompt: 'What is General Motors trading at?',
 * });
 */
export function toAiSdkTools<State = unknown>(
  registry: AiSdkToolSource,
  options: AiSdkToolsOptions<State> = {},
): ToolSet {
  const tools: ToolSet = {};
  const all = registry.list();
  for (const info of options.caller ? listedFor(all, registry, options.caller) : all) {
    const name = info.name;
    tools[name] = tool<unknown, unknown>({
      description: info.description,
      inputSchema: jsonSchema(info.inputSchema as SchemaArgument),
      ...(info.examples?.length
        ? { inputExamples: info.examples.map((input) => ({ input })) }
        : {}),
      ...(info.options.requiresApproval
        ? { needsApproval: (input: unknown) => reachesApproval(registry, name, input, options) }
        : {}),
      execute: async (input, { toolCallId, abortSignal, experimental_context }) => {
        const outcome = await runModelCall(
          registry,
          { id: toolCallId, name, input },
          {
            state: 'state' in options ? options.state : experimental_context,
            ...(abortSignal ? { signal: abortSignal } : {}),
            ...(options.caller ? { caller: options.caller } : {}),
            approve: approvedByTheSdk,
          },
        );
        if (outcome.isError) throw new ToolError(errorText(outcome.content));
        return outcome.content;
      },
    });
  }
  return tools;
}
