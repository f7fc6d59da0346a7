/**
 * LangChain runs a model's call through the same pipeline as `callOpenAI`: a `requiresApproval`
 * tool's call is refused without an `approve` hook (the method never runs), runs once approved,
 * and answers the hook's reason when denied; a tool that requires a scope runs only for a
 * `caller` holding it. Driven by LangChain's own offline fake chat model.
 */
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import type { BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { Param } from '../decorators/Param';
import { Tool } from '../decorators/Tool';
import { ToolRegistry } from '../registry/ToolRegistry';
import { ShopService } from '../agent/__fixtures__/ShopService';
import type { CallApprover } from '../calls/approveModelCall';
import type { ToolCaller } from '../calls/ToolCaller';
import { toLangChainTools } from './toLangChainTools';
import { checkToolCalls } from './checkToolCalls';

class AuditService {
  readonly reads: string[] = [];

  @Tool({ description: 'Reads the audit log.', scopes: ['audit:read'] })
  readAudit(@Param('day') day: string): string {
    this.reads.push(day);
    return `audit of ${day}`;
  }
}

/** One model turn asking for `refund`, answered by the tools; the tool messages. */
async function refundTurn(options: { approve?: CallApprover } = {}) {
  const shop = new ShopService();
  const registry = new ToolRegistry().register(shop);
  const tools = toLangChainTools(registry, options);
  const model = fakeModel()
    .respondWithTools([{ name: 'refund', args: { orderId: 'o1', amount: 30 }, id: 'r1' }])
    .respond(new AIMessage('Done.'));
  const messages: BaseMessage[] = [new HumanMessage('Refund order o1')];
  const reply = await model.bindTools(tools).invoke(messages);
  const answers: ToolMessage[] = [];
  for (const call of reply.tool_calls ?? []) {
    const tool = tools.find((candidate) => candidate.name === call.name)!;
    answers.push((await tool.invoke(call)) as ToolMessage);
  }
  return { shop, answers };
}

describe('LangChain approvals and scopes', () => {
  it('refuses a requiresApproval tool without an approve hook, and the method never runs', async () => {
    const { shop, answers } = await refundTurn();
    expect(shop.log).toEqual([]);
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ tool_call_id: 'r1', status: 'error' });
    expect(answers[0]!.content).toBe(
      'Tool "refund" was not run: it requires approval and no approval hook is configured (`approve`).',
    );
  });

  it('runs it once the hook approves, handing the hook the validated call', async () => {
    const asked: unknown[] = [];
    const { shop, answers } = await refundTurn({
      approve: (call) => {
        asked.push(call);
        return true;
      },
    });
    expect(asked).toEqual([{ id: 'r1', name: 'refund', input: { orderId: 'o1', amount: 30 } }]);
    expect(shop.log).toEqual([{ tool: 'refund', args: ['o1', 30] }]);
    expect(answers[0]).toMatchObject({ tool_call_id: 'r1', status: 'success' });
  });

  it("answers the hook's reason when it denies", async () => {
    const { shop, answers } = await refundTurn({
      approve: () => ({ approved: false, reason: 'over the limit' }),
    });
    expect(shop.log).toEqual([]);
    expect(answers[0]).toMatchObject({ status: 'error' });
    expect(answers[0]!.content).toBe(
      'Tool "refund" was not run: the call was denied (over the limit).',
    );
  });

  it('runs a scoped tool only for a caller holding the scope', async () => {
    const call = { name: 'read_audit', args: { day: 'mon' }, id: 'a1', type: 'tool_call' as const };
    const run = async (caller?: ToolCaller) => {
      const audit = new AuditService();
      const tools = toLangChainTools(new ToolRegistry().register(audit), {
        ...(caller ? { caller } : {}),
      });
      const answer = tools.length ? ((await tools[0]!.invoke(call)) as ToolMessage) : undefined;
      return { answer, reads: audit.reads };
    };
    const anonymous = await run();
    expect(anonymous.reads).toEqual([]);
    expect(anonymous.answer!.content).toBe(
      'Tool "read_audit" was not run: it requires the scope "audit:read" and the caller is not authenticated',
    );
    // A caller without the scope is not offered the tool at all.
    const unscoped = await run({ id: 'u1', scopes: [], roles: [] });
    expect(unscoped).toEqual({ answer: undefined, reads: [] });
    const reader = await run({ id: 'u2', scopes: ['audit:read'], roles: [] });
    expect(reader.reads).toEqual(['mon']);
    expect(reader.answer).toMatchObject({ status: 'success', content: 'audit of mon' });
  });

  it('names, for a call of an unknown tool, only the tools the caller may use', async () => {
    const registry = new ToolRegistry().register(new AuditService(), new ShopService());
    const reply = new AIMessage({
      content: '',
      tool_calls: [{ name: 'read_audits', args: { day: 'mon' }, id: 'x1', type: 'tool_call' }],
    });
    const errorFor = async (caller?: ToolCaller) =>
      (await checkToolCalls(registry, reply, caller ? { caller } : {})).invalid_tool_calls[0]!
        .error;
    const reader: ToolCaller = { id: 'u2', scopes: ['audit:read'], roles: [] };
    expect(await errorFor(reader)).toMatch(
      /^Unknown tool "read_audits"\. Available tools: .*read_audit/,
    );
    for (const caller of [undefined, { id: 'u1', scopes: [], roles: [] }]) {
      const error = await errorFor(caller);
      expect(error).toMatch(/^Unknown tool "read_audits"\. Available tools: /);
      expect(error).not.toMatch(/read_audit\b(?!s)/);
    }
  });

  it("docs/platforms.md's example: an approved refund for an authenticated caller", async () => {
    const shop = new ShopService();
    const registry = new ToolRegistry().register(shop);
    const caller: ToolCaller = { id: 'u1', scopes: [], roles: ['support'] };
    const tools = toLangChainTools(registry, {
      approve: (call) => Number(call.input.amount) < 100,
      caller,
    });
    const model = fakeModel()
      .respondWithTools([{ name: 'refund', args: { orderId: 'o1', amount: 30 }, id: 'r1' }])
      .respond(new AIMessage('Done.'));
    const reply = await model.bindTools(tools).invoke([new HumanMessage('Refund order o1')]);
    const refund = tools.find((tool) => tool.name === 'refund')!;
    const answer = (await refund.invoke(reply.tool_calls![0]!)) as ToolMessage;
    expect(answer).toMatchObject({ tool_call_id: 'r1', status: 'success' });
    expect(shop.log).toEqual([{ tool: 'refund', args: ['o1', 30] }]);
  });
});
