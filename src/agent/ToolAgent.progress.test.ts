/** `stream()` surfaces a tool's `ctx.progress()` reports as `tool_progress` events, in order. */
import 'reflect-metadata';
import Anthropic from '@anthropic-ai/sdk';
import { Ctx } from '../decorators/Ctx';
import { Param } from '../decorators/Param';
import { Tool } from '../decorators/Tool';
import { ToolRegistry } from '../registry/ToolRegistry';
import type { ToolCallContext } from '../calls/ToolCallContext';
import { startScriptedServer } from '../testing/startScriptedServer';
import type { ScriptedServer } from '../testing/types';
import { ToolAgent } from './ToolAgent';
import type { AgentEvent } from './types';

class ImportService {
  @Tool({ description: 'Imports rows.' })
  async importRows(@Param('rows') rows: number, @Ctx() ctx: ToolCallContext): Promise<string> {
    for (let done = 1; done <= rows; done++) ctx.progress(done, rows, `row ${done}`);
    return `imported ${rows}`;
  }
}

describe('ToolAgent.stream progress', () => {
  let server: ScriptedServer;
  afterEach(() => server.close());

  it('emits tool_progress between the call and its result', async () => {
    server = await startScriptedServer({
      turns: [
        {
          content: [{ type: 'tool_use', id: 't1', name: 'import_rows', input: { rows: 2 } }],
        },
        { content: [{ type: 'text', text: 'Imported.' }] },
      ],
    });
    const agent = new ToolAgent({
      client: new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 }),
      registry: new ToolRegistry().register(new ImportService()),
      model: 'claude-test',
    });
    const events: AgentEvent[] = [];
    for await (const event of agent.stream('Import two rows.')) events.push(event);
    const tooling = events.filter((e) => e.type === 'tool_progress' || e.type === 'tool_result');
    expect(tooling).toEqual([
      {
        type: 'tool_progress',
        id: 't1',
        name: 'import_rows',
        progress: 1,
        total: 2,
        message: 'row 1',
      },
      {
        type: 'tool_progress',
        id: 't1',
        name: 'import_rows',
        progress: 2,
        total: 2,
        message: 'row 2',
      },
      { type: 'tool_result', id: 't1', name: 'import_rows', content: 'imported 2', isError: false },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'done', result: { finalText: 'Imported.' } });
  });

  it('run() ignores progress: the tool runs the same without a listener', async () => {
    server = await startScriptedServer({
      turns: [
        { content: [{ type: 'tool_use', id: 't1', name: 'import_rows', input: { rows: 3 } }] },
        { content: [{ type: 'text', text: 'Done.' }] },
      ],
    });
    const agent = new ToolAgent({
      client: new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 }),
      registry: new ToolRegistry().register(new ImportService()),
      model: 'claude-test',
    });
    const result = await agent.run('Import three rows.');
    expect(result.finalText).toBe('Done.');
    expect(JSON.stringify(result.messages)).toContain('imported 3');
  });
});
