/**
 * Strict tool use in the agent loop, with the real client against the scripted server (which
 * answers 400, as the API does, for a strict tool outside the subset).
 */
import Anthropic from '@anthropic-ai/sdk';
import { ToolRegistry } from '../registry/ToolRegistry';
import { TicketService, validTicket } from '../registry/__fixtures__/TicketService';
import { startScriptedServer } from '../testing/startScriptedServer';
import type { ScriptedServer } from '../testing/types';
import { strictSubsetProblems } from '../testing/strictSubset';
import { ToolAgent } from './ToolAgent';
import { blocksOf, say, use } from './__fixtures__/harness';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('ToolAgent with strict tools', () => {
  it('sends every tool strict with the agent option; the gate still refuses a dropped bound', async () => {
    server = await startScriptedServer({
      turns: [
        use({ id: 't1', name: 'set_note', input: { id: 'n1', note: 'ok' } }),
        // Inside the grammar (an integer, a string), outside the dropped bounds.
        use({ id: 't2', name: 'open_ticket', input: { ...validTicket, priority: 11 } }),
        use({ id: 't3', name: 'open_ticket', input: validTicket }),
        say('Ticket opened.'),
      ],
    });
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const service = new TicketService();
    const registry = new ToolRegistry().register(service);
    const warnings: string[] = [];
    const logger = { warn: (message: string) => warnings.push(message) };
    const agent = new ToolAgent({ client, registry, model: 'claude-test', strict: true, logger });
    expect(warnings).toEqual([
      'toolwright: tool "add_categories" is sent without strict to Anthropic: children[]: recursive type "Category" (strict tools cannot refer back to an enclosing type)',
    ]);

    const result = await agent.run('Open a ticket for order 42.');

    expect(result.finalText).toBe('Ticket opened.');
    const tools = server.requests[0].body.tools as {
      name: string;
      strict?: boolean;
      input_schema: unknown;
    }[];
    // The recursive tool goes out without strict; the others strict and inside the subset.
    expect(tools.map((t) => [t.name, t.strict ?? false])).toEqual([
      ['open_ticket', true],
      ['set_note', true],
      ['add_categories', false],
    ]);
    for (const tool of tools.filter((t) => t.strict)) {
      expect(strictSubsetProblems(tool.input_schema, 'anthropic')).toEqual([]);
    }
    const [refused] = blocksOf(server.requests[2].body.messages!.at(-1));
    expect(refused).toMatchObject({ tool_use_id: 't2', is_error: true });
    expect(String(refused.content)).toMatch(/priority: .*10/);
    expect(service.received).toHaveLength(1);
  });

  it('a strict tool outside the subset (written by hand) is refused by the server as by the API', async () => {
    server = await startScriptedServer({ turns: [say('unreachable')] });
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const registry = new ToolRegistry().register(new TicketService());
    const handWritten = {
      name: 'lookup',
      description: 'Looks up a code.',
      strict: true,
      input_schema: {
        type: 'object' as const,
        properties: { code: { type: 'string', maxLength: 8 } },
        required: ['code'],
        additionalProperties: false,
      },
    };
    const agent = new ToolAgent({
      client,
      registry,
      model: 'claude-test',
      params: { tools: [handWritten] },
    });

    await expect(agent.run('Look up ABC.')).rejects.toThrow(
      /^400 .*tools\.0\.custom\.input_schema\.properties\.code: keyword \\?"maxLength\\?" is not supported/,
    );
  });
});
