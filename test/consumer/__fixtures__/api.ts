/**
 * Type-level use of the public API, as a consumer writes it: typechecked by consumer.test.ts
 * against the built declarations under each module resolution mode; never run.
 */
import 'reflect-metadata';
import {
  Ctx,
  DEFAULT_LIMITS,
  ManifestMismatchError,
  Param,
  Params,
  Tool,
  ToolDefinitionError,
  ToolError,
  ToolRegistry,
  ToolwrightError,
  imageContent,
  toAnthropicTools,
  toolContent,
} from 'toolwright';
import type {
  CallOptions,
  CheckResult,
  JsonSchema,
  RegisteredToolInfo,
  ToolCall,
  ToolCallContext,
  ToolDescriptor,
  ToolManifest,
  ToolOutcome,
  ToolOptions,
} from 'toolwright';
import { IsString } from 'class-validator';

class Query {
  @IsString()
  text!: string;
}

const options: ToolOptions = { name: 'search', strict: true, timeoutMs: 1000 };

export class Api {
  @Tool(options)
  search(@Params() query: Query, @Ctx() ctx: ToolCallContext): string {
    return `${query.text} ${ctx.toolName} ${ctx.signal.aborted}`;
  }

  @Tool({ description: 'Chart.' })
  chart(@Param('symbol', { description: 'Ticker.', schema: { minLength: 1 } }) symbol: string) {
    return toolContent(symbol, imageContent('aGk=', 'image/png'));
  }
}

export async function use(manifest: ToolManifest): Promise<void> {
  const registry: ToolRegistry = new ToolRegistry({ manifest, limits: DEFAULT_LIMITS }).register(
    new Api(),
  );
  const info: RegisteredToolInfo | undefined = registry.get('search');
  const schema: JsonSchema | undefined = info?.inputSchema;
  const descriptors: ToolDescriptor[] = registry.descriptors();
  const tools = toAnthropicTools(descriptors, {});
  const sameTools: typeof tools = registry.toAnthropic();
  const call: ToolCall = { id: 'toolu_1', name: 'search', input: { text: 'x' } };
  const callOptions: CallOptions = { toolUseId: call.id, timeoutMs: 10 };
  const outcome: ToolOutcome = await registry.call(call.name, call.input, callOptions);
  const checked: CheckResult = await registry.check('search', '{"text":"x"}');
  const unsubscribe: () => void = registry.onChange(() => undefined);
  const errors = [new ToolDefinitionError('x'), new ManifestMismatchError('y')];
  const allBase: boolean = errors.every((error) => error instanceof ToolwrightError);
  const thrown: Error = new ToolError('z');
  void [
    schema,
    tools,
    sameTools,
    allBase,
    outcome.isError,
    checked.ok,
    unsubscribe,
    errors,
    thrown,
  ];
}
