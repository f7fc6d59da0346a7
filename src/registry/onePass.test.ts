/**
 * One validation pass per call (issue 11): whatever the path (a direct check then call, the
 * agent's automatic mode, manual step/resolve), each call's input is guarded, decoded and
 * schema-checked once, and class-validator runs at most once.
 */
import 'reflect-metadata';
import * as classValidator from 'class-validator';
import { IsString, Matches } from 'class-validator';
import { Params } from '../decorators/Params';
import { Tool } from '../decorators/Tool';
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
  @Tool()
  useCode(@Params() input: Code): string {
    return `used ${input.code}`;
  }
}

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
    input.code = 'not a code';
    expect((await registry.call('use_code', input)).isError).toBe(true);
    expect(passes()).toMatchObject({ guard: 1, schema: 1 });
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
