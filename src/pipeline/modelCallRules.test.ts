/**
 * The call pipeline's rules, one row per adapter that serves a model's calls (`callOpenAI`,
 * `toRunnableTools`, the AI SDK with its own mock model through `generateText`, LangChain with
 * its own fake model): a `requiresApproval` tool is refused without a hook and runs once
 * approved; a scoped tool is refused to no caller, is not even offered (nor callable) to a caller
 * without the scope (`callOpenAI`, which offers nothing, refuses it), and runs for one holding
 * it. A refused call never reaches the method. The AI SDK approves through its
 * own step (`needsApproval`), so its approval cells say so instead.
 */
import type { BetaToolRunContext } from '@anthropic-ai/sdk/lib/tools/BetaRunnableTool';
import { AIMessage } from '@langchain/core/messages';
import type { ToolMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { ToolRegistry } from '../registry/ToolRegistry';
import type { CallApprover } from '../calls/approveModelCall';
import type { ToolCaller } from '../calls/ToolCaller';
import { toAiSdkTools } from '../ai-sdk/toAiSdkTools';
import { toLangChainTools } from '../langchain/toLangChainTools';
import { GuardedService } from './__fixtures__/GuardedService';

/** What one adapter made of one call: whether it ran, and the text the model got. */
interface Answer {
  ok: boolean;
  text: string;
  /** The tools the adapter offered, where it builds them. */
  listed?: string[];
}

interface Setup {
  approve?: CallApprover;
  caller?: ToolCaller;
}

type Row = (
  registry: ToolRegistry,
  setup: Setup,
  name: string,
  input: Record<string, unknown>,
) => Promise<Answer>;

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

const ROWS: Record<string, Row> = {
  callOpenAI: async (registry, setup, name, input) => {
    const [message] = await registry.callOpenAI(
      [{ id: 'c1', type: 'function', function: { name, arguments: JSON.stringify(input) } }],
      setup,
    );
    const text = String(message!.content);
    return { ok: !text.startsWith('Error:'), text };
  },
  toRunnableTools: async (registry, setup, name, input) => {
    const tools = registry.toRunnableTools(setup);
    const listed = tools.map((t) => t.name);
    const tool = tools.find((t) => t.name === name);
    // The SDK's toolRunner answers a name it was not given itself.
    if (!tool) return { ok: false, text: `${name} was not offered`, listed };
    const context = { toolUse: { id: 'c1', name, input } } as unknown as BetaToolRunContext;
    try {
      return { ok: true, text: String(await tool.run(tool.parse(input), context)), listed };
    } catch (error) {
      return { ok: false, text: (error as Error).message, listed };
    }
  },
  'AI SDK': async (registry, setup, name, input) => {
    const model = new MockLanguageModelV3({
      doGenerate: [
        {
          content: [
            { type: 'tool-call', toolCallId: 'c1', toolName: name, input: JSON.stringify(input) },
          ],
          finishReason: { unified: 'tool-calls', raw: 'tool_use' },
          usage,
          warnings: [],
        },
        {
          content: [{ type: 'text', text: 'ok' }],
          finishReason: { unified: 'stop', raw: 'end_turn' },
          usage,
          warnings: [],
        },
      ],
    });
    const tools = toAiSdkTools(registry, setup.caller ? { caller: setup.caller } : {});
    const listed = Object.keys(tools);
    const result = await generateText({ model, tools, stopWhen: stepCountIs(2), prompt: 'go' });
    const part = result.steps[0]!.content.find(
      (p) => p.type === 'tool-result' || p.type === 'tool-error',
    );
    if (!part) return { ok: false, text: 'no result', listed };
    return part.type === 'tool-result'
      ? { ok: true, text: String(part.output), listed }
      : { ok: false, text: String((part.error as Error).message ?? part.error), listed };
  },
  LangChain: async (registry, setup, name, input) => {
    const tools = toLangChainTools(registry, setup);
    const model = fakeModel()
      .respondWithTools([{ name, args: input, id: 'c1' }])
      .respond(new AIMessage('ok'));
    const reply = await model.bindTools(tools).invoke('go');
    const listed = tools.map((t) => t.name);
    // The app's loop looks the tool up by name: one not offered is not there to call.
    const tool = tools.find((t) => t.name === name);
    if (!tool) return { ok: false, text: `${name} was not offered`, listed };
    const answer = (await tool.invoke(reply.tool_calls![0]!)) as ToolMessage;
    return { ok: answer.status === 'success', text: String(answer.content), listed };
  },
};

/** The row run against a fresh registry, and what the method saw. */
async function cell(row: Row, setup: Setup, name: string, input: Record<string, unknown>) {
  const service = new GuardedService();
  const answer = await row(new ToolRegistry().register(service), setup, name, input);
  return { ...answer, ran: service.ran };
}

const REFUND = { orderId: 'o1' };
const AUDIT = { day: 'mon' };

describe.each(Object.entries(ROWS))('%s', (row, run) => {
  const approvalByHook = row !== 'AI SDK';

  (approvalByHook ? it : it.skip)('refuses a requiresApproval tool without a hook', async () => {
    const answer = await cell(run, {}, 'refund', REFUND);
    expect(answer).toMatchObject({ ok: false, ran: [] });
    expect(answer.text).toContain(
      'Tool "refund" was not run: it requires approval and no approval hook is configured',
    );
  });

  (approvalByHook ? it : it.skip)('runs it once the hook approves', async () => {
    const answer = await cell(run, { approve: () => true }, 'refund', REFUND);
    expect(answer).toMatchObject({ ok: true, ran: ['refund o1'] });
  });

  it('refuses a scoped tool to no caller, though offered', async () => {
    const answer = await cell(run, {}, 'read_audit', AUDIT);
    expect(answer).toMatchObject({ ok: false, ran: [] });
    expect(answer.text).toContain(
      'Tool "read_audit" was not run: it requires the scope "audit:read"',
    );
    if (answer.listed) expect(answer.listed).toEqual(['refund', 'read_audit']);
  });

  it('neither offers nor runs it for a caller without the scope', async () => {
    const caller = { id: 'u1', scopes: ['orders:read'], roles: [] };
    const answer = await cell(run, { caller }, 'read_audit', AUDIT);
    expect(answer).toMatchObject({ ok: false, ran: [] });
    expect(answer.text).toContain('read_audit');
    if (answer.listed) expect(answer.listed).toEqual(['refund']);
    // callOpenAI offers nothing: the pipeline refuses the call.
    else
      expect(answer.text).toContain(
        'Tool "read_audit" was not run: it requires the scope "audit:read"',
      );
  });

  it('runs the scoped tool for a caller holding the scope', async () => {
    const caller = { id: 'u2', scopes: ['audit:read'], roles: [] };
    const answer = await cell(run, { caller }, 'read_audit', AUDIT);
    expect(answer).toMatchObject({ ok: true, text: 'audit of mon', ran: ['audit mon'] });
    if (answer.listed) expect(answer.listed).toEqual(['refund', 'read_audit']);
  });
});
