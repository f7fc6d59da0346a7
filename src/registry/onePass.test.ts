/**
 * One validation pass per call (issue 11): whatever the path (a direct check then call, the
 * agent's automatic mode, manual step/resolve, an MCP client's tools/call with or without
 * approval), each call's input is guarded, decoded and schema-checked once, and class-validator
 * runs at most once.
 */
import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import * as classValidator from 'class-validator';
import { IsString, Matches } from 'class-validator';
import { Param } from '../decorators/Param';
import { Params } from '../decorators/Params';
import { Tool } from '../decorators/Tool';
import { createMcpServer } from '../mcp/createMcpServer';
import type { McpServerOptions } from '../mcp/types';
import { say, startHarness, use } from '../agent/__fixtures__/harness';
import type { Harness } from '../agent/__fixtures__/harness';
import * as checkSchemaModule from '../validation/checkSchema';
import * as decodeModule from '../validation/decodeLenient';
import * as guardModule from '../validation/guardInput';
import { ToolRegistry } from './ToolRegistry';

class Code {
  // @Matches is not judged by the schema gate alone (its regex runs without the u flag), so class-validator runs.
  @IsString() @Matches(/^[A-Z]{2}$/) code!: string;
}

class Codes {
  readonly log: string[] = [];

  @Tool()
  useCode(@Params() input: Code): string {
    return `used ${input.code}`;
  }

  @Tool({ requiresApproval: true })
  burnCode(@Params() input: Code): string {
    this.log.push(`burnt ${input.code}`);
    return `burnt ${input.code}`;
  }

  @Tool({ requiresApproval: true })
  greet(@Param('name') name: string, @Param('times') times: number): string {
    this.log.push(`greeted ${name}`);
    return `hello ${name} x${times}`;
  }
}

class Lists {
  @Tool()
  countItems(
    @Param('items', {
      schema: {
        type: 'array',
        items: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] },
      },
    })
    items: Array<{ sku: string }>,
  ): string {
    // The method's own arguments are a copy: it may change them.
    items.push({ sku: 'added' });
    return `${items.length - 1} ${items[0].sku}`;
  }
}

/** A real MCP SDK client connected in memory to the MCP server of a registry of `Codes`. */
async function mcpSession(options: Partial<McpServerOptions> = {}, elicit = false) {
  const codes = new Codes();
  const server = createMcpServer(new ToolRegistry().register(codes), {
    name: 'codes',
    version: '1.0.0',
    ...options,
  });
  const client = new Client(
    { name: 'test', version: '1.0.0' },
    { capabilities: elicit ? { elicitation: { form: {} } } : {} },
  );
  if (elicit) {
    client.setRequestHandler(ElicitRequestSchema, () => ({
      action: 'accept',
      content: { approve: true },
    }));
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  const close = async () => {
    await client.close();
    await server.close();
  };
  return { client, codes, close };
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>): string =>
  (result.content as Array<{ text?: string }>).map((block) => block.text).join('\n');

function countPasses() {
  const spies = {
    guard: jest.spyOn(guardModule, 'guardValue'),
    decode: jest.spyOn(decodeModule, 'decodeLenient'),
    schema: jest.spyOn(checkSchemaModule, 'checkSchema'),
    validate: jest.spyOn(classValidator, 'validate'),
  };
  return () =>
    Object.fromEntries(Object.entries(spies).map(([name, spy]) => [name, spy.mock.calls.length]));
}

let h: Harness | undefined;
afterEach(async () => {
  jest.restoreAllMocks();
  await h?.server.close();
  h = undefined;
});

describe('one validation pass per call', () => {
  it('check() then call() with the checked input validates once', async () => {
    const registry = new ToolRegistry().register(new Codes());
    const passes = countPasses();
    const checked = await registry.check('use_code', { code: 'AB' });
    expect(checked.ok).toBe(true);
    const outcome = await registry.call('use_code', checked.ok ? checked.input : {});
    expect(outcome).toEqual({ content: 'used AB', isError: false });
    expect(passes()).toEqual({ guard: 1, decode: 1, schema: 1, validate: 1 });
  });

  it('a second call with the same object is validated afresh', async () => {
    const registry = new ToolRegistry().register(new Codes());
    const checked = await registry.check('use_code', { code: 'AB' });
    const input = checked.ok ? checked.input : {};
    await registry.call('use_code', input);
    const passes = countPasses();
    expect(await registry.call('use_code', input)).toEqual({ content: 'used AB', isError: false });
    expect(passes()).toMatchObject({ guard: 1, schema: 1, validate: 1 });
  });

  it('the checked input cannot be edited: an edit throws and the checked values run', async () => {
    const registry = new ToolRegistry().register(new Codes());
    const caller = { code: 'AB' };
    const checked = await registry.check('use_code', caller);
    const input = checked.ok ? checked.input : {};
    expect(input).not.toBe(caller);
    expect(() => {
      input.code = 'not a code';
    }).toThrow(TypeError);
    expect(Object.isFrozen(input)).toBe(true);
    expect(await registry.call('use_code', input)).toEqual({ content: 'used AB', isError: false });
    // The caller's own object stays theirs to change.
    caller.code = 'CD';
    expect(caller.code).toBe('CD');
  });

  it('nested values of the checked input are frozen too', async () => {
    const registry = new ToolRegistry().register(new Codes());
    const checked = await registry.check('greet', { name: 'Ada', times: 2 });
    expect(checked.ok && Object.isFrozen(checked.input)).toBe(true);
    const list = new ToolRegistry().register(new Lists());
    const nested = await list.check('count_items', { items: [{ sku: 'a' }] });
    const items = nested.ok ? (nested.input.items as Array<{ sku: string }>) : [];
    expect(() => items.push({ sku: 'b' })).toThrow(TypeError);
    expect(() => {
      items[0].sku = 'z';
    }).toThrow(TypeError);
    expect(await list.call('count_items', nested.ok ? nested.input : {})).toEqual({
      content: '1 a',
      isError: false,
    });
  });

  it('automatic mode: one pass per call, none by class-validator for named primitives', async () => {
    h = await startHarness([
      use({ id: 't1', name: 'get_weather', input: { city: 'Oslo' } }),
      say('Sunny.'),
    ]);
    const passes = countPasses();
    await h.agent.run('Weather in Oslo?');
    expect(h.shop.log).toEqual([{ tool: 'get_weather', args: ['Oslo'] }]);
    expect(passes()).toEqual({ guard: 1, decode: 1, schema: 1, validate: 0 });
  });

  it('manual mode: step validates, resolve dispatches without validating again', async () => {
    h = await startHarness([use({ id: 't1', name: 'get_weather', input: { city: 'Oslo' } })]);
    const passes = countPasses();
    const step = await h.agent.step([{ role: 'user', content: 'Weather in Oslo?' }]);
    await h.agent.resolve(step);
    expect(h.shop.log).toEqual([{ tool: 'get_weather', args: ['Oslo'] }]);
    expect(passes()).toEqual({ guard: 1, decode: 1, schema: 1, validate: 0 });
  });
});

describe('one validation pass per MCP tools/call', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('a DTO tool: one of each, class-validator included', async () => {
    const session = await mcpSession();
    close = session.close;
    const passes = countPasses();
    const result = await session.client.callTool({ name: 'use_code', arguments: { code: 'AB' } });
    expect(result).toEqual({ content: [{ type: 'text', text: 'used AB' }], isError: false });
    expect(passes()).toEqual({ guard: 1, decode: 1, schema: 1, validate: 1 });
  });

  it('approved by the hook: validated once before approval, dispatched without validating again', async () => {
    const seen: unknown[] = [];
    const session = await mcpSession({
      approve: (request) => {
        seen.push(request.input);
        return true;
      },
    });
    close = session.close;
    const passes = countPasses();
    const dto = await session.client.callTool({ name: 'burn_code', arguments: { code: 'CD' } });
    expect(textOf(dto)).toBe('burnt CD');
    expect(passes()).toEqual({ guard: 1, decode: 1, schema: 1, validate: 1 });
    const named = await session.client.callTool({
      name: 'greet',
      arguments: { name: 'Ada', times: 2 },
    });
    expect(textOf(named)).toBe('hello Ada x2');
    expect(passes()).toEqual({ guard: 2, decode: 2, schema: 2, validate: 1 });
    expect(seen).toEqual([{ code: 'CD' }, { name: 'Ada', times: 2 }]);
    expect(session.codes.log).toEqual(['burnt CD', 'greeted Ada']);
  });

  it('approved by the user through elicitation: still one pass', async () => {
    const session = await mcpSession({ approve: 'elicit' }, true);
    close = session.close;
    const passes = countPasses();
    const result = await session.client.callTool({ name: 'burn_code', arguments: { code: 'EF' } });
    expect(textOf(result)).toBe('burnt EF');
    expect(passes()).toEqual({ guard: 1, decode: 1, schema: 1, validate: 1 });
  });

  it('invalid input: refused by the schema gate once, nobody asked to approve it', async () => {
    let asked = 0;
    const session = await mcpSession({ approve: () => (asked++, true) });
    close = session.close;
    const passes = countPasses();
    const result = await session.client.callTool({ name: 'burn_code', arguments: { code: 'x' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^code: /m);
    expect(asked).toBe(0);
    expect(session.codes.log).toEqual([]);
    expect(passes()).toEqual({ guard: 1, decode: 1, schema: 1, validate: 0 });
  });
});
