/**
 * The cost of the registry's call pipeline (guard, decode, schema gate, transform, validate,
 * dispatch) against what a developer would write by hand: `plainToInstance` + `validate` of a
 * 4-property DTO, then the method. Measured for a tool taking that DTO (`@Params`) and for a
 * tool taking the same 4 values as named `@Param`s of primitives (the schema gate alone judges
 * those; `email` is a plain string there, since an email format costs the same `isEmail` call
 * class-validator makes, about a third of the hand-written path on its own). All
 * run interleaved in one process; each operation is timed on its own and medians are compared.
 */
import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsString, Length, Max, Min, validate } from 'class-validator';
import { Param } from '../../src/decorators/Param';
import { Params } from '../../src/decorators/Params';
import { Tool } from '../../src/decorators/Tool';
import { ToolRegistry } from '../../src/registry/ToolRegistry';
import type { ToolOutcome } from '../../src/calls/ToolOutcome';
import type { BenchResult } from '../types';

class OrderLine {
  @IsString()
  @Length(1, 20)
  sku!: string;

  @IsInt()
  @Min(1)
  @Max(99)
  quantity!: number;

  @IsEmail()
  email!: string;

  @IsIn(['standard', 'express'])
  shipping!: string;
}

class Shop {
  @Tool()
  placeLine(@Params() line: OrderLine): string {
    return `placed ${line.quantity} × ${line.sku}`;
  }

  @Tool()
  placeNamed(
    @Param('sku', { schema: { minLength: 1, maxLength: 20 } }) sku: string,
    @Param('quantity', { schema: { type: 'integer', minimum: 1, maximum: 99 } }) quantity: number,
    @Param('email') email: string,
    @Param('shipping', { schema: { enum: ['standard', 'express'] } }) shipping: string,
  ): string {
    return `placed ${quantity} × ${sku} for ${email} by ${shipping}`;
  }
}

const shop = new Shop();
const registry = new ToolRegistry().register(shop);

/** The hand-written path: the same class-validator options the registry uses. */
async function byHand(input: object): Promise<ToolOutcome> {
  const line = plainToInstance(OrderLine, input);
  const errors = await validate(line, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
  });
  if (errors.length > 0) {
    const text = errors.flatMap((e) => Object.values(e.constraints ?? {})).join('\n');
    return { content: text, isError: true };
  }
  return { content: shop.placeLine(line), isError: false };
}

const viaRegistry = (input: object): Promise<ToolOutcome> => registry.call('place_line', input);
const viaNamed = (input: object): Promise<ToolOutcome> => registry.call('place_named', input);

const median = (values: Float64Array): number => {
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const percentile = (values: Float64Array, p: number): number =>
  Float64Array.from(values).sort()[Math.min(values.length - 1, Math.floor(values.length * p))];

const µs = (ns: number): string => `${(ns / 1000).toFixed(2)} µs`;

async function timeOne(
  op: (input: object) => Promise<ToolOutcome>,
  input: object,
): Promise<number> {
  const start = process.hrtime.bigint();
  await op(input);
  return Number(process.hrtime.bigint() - start);
}

/** Runs both paths interleaved (alternating which goes first) and compares medians. */
async function compare(
  viaRegistry: (input: object) => Promise<ToolOutcome>,
  input: object,
  expectError: boolean,
  iterations: number,
) {
  const [a, b] = [await viaRegistry(input), await byHand(input)];
  if (a.isError !== expectError || b.isError !== expectError) {
    throw new Error(
      `unexpected outcome: registry ${JSON.stringify(a)}, by hand ${JSON.stringify(b)}`,
    );
  }
  for (let i = 0; i < 3000; i++) {
    await viaRegistry(input);
    await byHand(input);
  }
  const registryNs = new Float64Array(iterations);
  const handNs = new Float64Array(iterations);
  for (let i = 0; i < iterations; i++) {
    if (i % 2 === 0) {
      registryNs[i] = await timeOne(viaRegistry, input);
      handNs[i] = await timeOne(byHand, input);
    } else {
      handNs[i] = await timeOne(byHand, input);
      registryNs[i] = await timeOne(viaRegistry, input);
    }
  }
  const ratio = median(registryNs) / median(handNs);
  return {
    ratio,
    figures: {
      iterations,
      'registry.call median': µs(median(registryNs)),
      'by hand median': µs(median(handNs)),
      'registry.call p90': µs(percentile(registryNs, 0.9)),
      'by hand p90': µs(percentile(handNs, 0.9)),
      'ratio (median)': `${ratio.toFixed(2)}×`,
    },
  };
}

const valid = { sku: 'ABC-123', quantity: 3, email: 'ada@example.com', shipping: 'express' };
const invalid = { sku: '', quantity: 100, email: 'not-an-email', shipping: 'teleport' };
const TARGET = 1.0;
const NAMED_TARGET = 0.3;

export async function run(): Promise<BenchResult[]> {
  const ok = await compare(viaRegistry, valid, false, 30_000);
  const named = await compare(viaNamed, valid, false, 30_000);
  const bad = await compare(viaRegistry, invalid, true, 10_000);
  return [
    {
      name: 'registry.call vs plainToInstance + validate, valid 4-property DTO',
      figures: ok.figures,
      target: `ratio ≤ ${TARGET}×`,
      ok: ok.ratio <= TARGET,
    },
    {
      name: 'registry.call of 4 named @Params vs plainToInstance + validate of the 4-property DTO',
      figures: named.figures,
      target: `ratio ≤ ${NAMED_TARGET}×`,
      ok: named.ratio <= NAMED_TARGET,
    },
    {
      name: 'registry.call vs plainToInstance + validate, 4 invalid properties (informative)',
      figures: bad.figures,
    },
  ];
}
