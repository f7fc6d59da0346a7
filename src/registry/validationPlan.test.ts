/**
 * The plan `register()` makes per tool (issue 18): the schema gate stands in for class-validator
 * only where the shared rule set proves it equal, class-validator runs for the rest (`@ValidateIf`,
 * custom validators, `@Transform`), the gate alone answers synchronously, and the schema's
 * `default`s reach the method. Each test here fails if the plan is dropped (every DTO running
 * class-validator again), if the fast path turns asynchronous, or if defaults stay behind.
 */
import 'reflect-metadata';
import * as classValidator from 'class-validator';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Min,
  MinLength,
  Validate,
  ValidateIf,
  ValidatorConstraint,
} from 'class-validator';
import type { ValidatorConstraintInterface } from 'class-validator';
import { Transform } from 'class-transformer';
import { Param } from '../decorators/Param';
import { Params } from '../decorators/Params';
import { Tool } from '../decorators/Tool';
import type { ManifestTool } from '../manifest/types';
import { deriveDtoSchema } from '../derive/deriveDtoSchema';
import { prepareInput } from '../validation/prepareInput';
import { judgedBySchema } from '../validation/schemaCoverage';
import { DEFAULT_LIMITS, ToolRegistry } from './ToolRegistry';

class Exact {
  @IsString() @IsNotEmpty() name!: string;
  @IsInt() @Min(1) quantity!: number;
  @IsOptional() @IsIn(['a', 'b']) grade?: string;
}

class Conditional {
  @IsIn(['card', 'invoice']) kind!: string;
  @ValidateIf((o: Conditional) => o.kind === 'invoice') @IsString() @MinLength(3) vatId!: string;
}

@ValidatorConstraint({ name: 'even' })
class Even implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'number' && value % 2 === 0;
  }
}

class Custom {
  @IsInt() @Validate(Even) count!: number;
}

class Trimmed {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @IsNotEmpty()
  name!: string;
}

class Shop {
  readonly seen: unknown[] = [];

  @Tool()
  exact(@Params(Exact) input: Exact): string {
    this.seen.push(input);
    return 'ok';
  }

  @Tool()
  conditional(@Params(Conditional) input: Conditional): string {
    this.seen.push(input);
    return 'ok';
  }

  @Tool()
  custom(@Params(Custom) input: Custom): string {
    this.seen.push(input);
    return 'ok';
  }

  @Tool()
  trimmed(@Params(Trimmed) input: Trimmed): string {
    this.seen.push(input);
    return `[${input.name}]`;
  }
}

afterEach(() => jest.restoreAllMocks());

/** How many times class-validator's `validate` ran over `calls` calls of `tool`. */
async function validateRuns(tool: string, inputs: unknown[]): Promise<number> {
  const registry = new ToolRegistry().register(new Shop());
  const spy = jest.spyOn(classValidator, 'validate');
  for (const input of inputs) await registry.call(tool, input);
  return spy.mock.calls.length;
}

describe('class-validator runs only where the schema gate cannot stand in for it', () => {
  it('a DTO whose every decorator the schema says exactly: never', async () => {
    expect(judgedBySchema(Exact)).toBe(true);
    const inputs = [
      { name: 'pen', quantity: 2 },
      { name: 'pen', quantity: 2, grade: 'a' },
      { name: '', quantity: 0 },
    ];
    expect(await validateRuns('exact', inputs)).toBe(0);
  });

  it.each([
    ['conditional', { kind: 'card' }],
    ['custom', { count: 4 }],
    ['trimmed', { name: ' pen ' }],
  ])('%s: once per call', async (tool, input) => {
    expect(await validateRuns(tool, [input, input])).toBe(2);
  });

  it('@ValidateIf: optional in the schema, and class-validator judges it when the condition holds', async () => {
    const registry = new ToolRegistry().register(new Shop());
    expect(deriveDtoSchema(Conditional).required).toEqual(['kind']);
    expect((await registry.call('conditional', { kind: 'card' })).isError).toBe(false);
    const invoice = await registry.call('conditional', { kind: 'invoice' });
    expect(invoice).toEqual({
      isError: true,
      content: expect.stringMatching(/vatId: vatId must be longer than or equal to 3 characters/),
    });
    // When the condition fails its rules do not hold (a short id passes); its type still does.
    expect((await registry.call('conditional', { kind: 'card', vatId: 'x' })).isError).toBe(false);
    expect((await registry.call('conditional', { kind: 'card', vatId: 7 })).isError).toBe(true);
  });

  it('a custom validator has the final word', async () => {
    const registry = new ToolRegistry().register(new Shop());
    expect((await registry.call('custom', { count: 3 })).isError).toBe(true);
    expect((await registry.call('custom', { count: 4 })).isError).toBe(false);
  });

  it('@Transform: the method gets the transformed value, judged after the transform', async () => {
    const shop = new Shop();
    const registry = new ToolRegistry().register(shop);
    expect(await registry.call('trimmed', { name: ' pen ' })).toEqual({
      content: '[pen]',
      isError: false,
    });
    expect((await registry.call('trimmed', { name: '   ' })).isError).toBe(true);
  });
});

describe('the schema gate alone answers synchronously', () => {
  const plan = (cls: typeof Exact | typeof Conditional) => ({
    schema: deriveDtoSchema(cls),
    classValidation: {
      kind: 'dto' as const,
      argumentClass: cls,
      validate: !judgedBySchema(cls),
    },
  });

  it('an exactly judged DTO: a result, not a promise, with the DTO instance', () => {
    const result = prepareInput(plan(Exact), { name: 'pen', quantity: 2 }, DEFAULT_LIMITS);
    expect(result).not.toBeInstanceOf(Promise);
    expect(result).toMatchObject({ ok: true, instance: expect.any(Exact) });
  });

  it('named parameters the schema describes: a result, not a promise', () => {
    const schema = {
      type: 'object' as const,
      properties: { city: { type: 'string' as const } },
      required: ['city'],
      additionalProperties: false as const,
    };
    expect(prepareInput({ schema }, { city: 'Oslo' }, DEFAULT_LIMITS)).toEqual({
      ok: true,
      input: { city: 'Oslo' },
      instance: { city: 'Oslo' },
    });
  });

  it('a DTO class-validator must judge: a promise', () => {
    const result = prepareInput(plan(Conditional), { kind: 'card' }, DEFAULT_LIMITS);
    expect(result).toBeInstanceOf(Promise);
  });
});

class Options {
  verbose = false;
  depth = 2;
}

class Reports {
  readonly seen: unknown[] = [];

  @Tool()
  report(@Param('title') title: string, @Param('options') options: Options): string {
    this.seen.push([title, options]);
    return 'ok';
  }
}

/** The manifest entry codegen writes for `Reports.report` (initializers as `default`s). */
const reportTool: ManifestTool = {
  name: 'report',
  description: 'Writes a report.',
  inputSchema: {
    type: 'object',
    properties: {
      title: { type: 'string' },
      options: {
        type: 'object',
        properties: {
          verbose: { type: 'boolean', default: false },
          depth: { type: 'number', default: 2 },
          sections: {
            type: 'array',
            items: {
              type: 'object',
              properties: { open: { type: 'boolean', default: true } },
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    },
    required: ['title', 'options'],
    additionalProperties: false,
  },
  target: { class: 'Reports', method: 'report', file: 'src/Reports.ts', line: 1 },
  params: [
    { kind: 'named', index: 0, name: 'title', optional: false, schema: { type: 'string' } },
    { kind: 'named', index: 1, name: 'options', optional: false, schema: { type: 'object' } },
  ],
};

describe("the schema's defaults reach the method", () => {
  it('a named @Param of a class with initializers, nested objects included', async () => {
    const reports = new Reports();
    const registry = new ToolRegistry({ manifest: { version: 1, tools: [reportTool] } });
    registry.register(reports);
    const input = { title: 'Q3', options: { depth: 5, sections: [{}, { open: false }] } };
    expect(await registry.call('report', input)).toEqual({ content: 'ok', isError: false });
    expect(reports.seen).toEqual([
      ['Q3', { verbose: false, depth: 5, sections: [{ open: true }, { open: false }] }],
    ]);
    // The caller's object is not changed, and check() returns the input as sent.
    expect(input.options).toEqual({ depth: 5, sections: [{}, { open: false }] });
    const checked = await registry.check('report', { title: 'Q4', options: {} });
    expect(checked).toEqual({ ok: true, input: { title: 'Q4', options: {} } });
  });
});
