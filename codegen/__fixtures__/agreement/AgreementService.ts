/**
 * A service covering the constructs of codegen's schemas, for the agreement test: the schema
 * codegen writes and the registry's validator must accept exactly the same inputs.
 */
import { Ctx, Param, Params, Tool } from 'toolwright';
import type { ToolCallContext } from 'toolwright';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsBoolean,
  IsEmail,
  IsEnum,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsPositive,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { Type } from 'class-transformer';

export enum Priority {
  Low = 'low',
  High = 'high',
}

export enum Level {
  One = 1,
  Two = 2,
}

export class LineItem {
  @IsString() @Matches(/^[A-Z]{2}-\d{3}$/) sku!: string;
  @IsInt() @Min(1) @Max(99) quantity!: number;
}

export class Address {
  @IsString() @Length(1, 40) street!: string;
  @IsOptional() @IsString() @MaxLength(10) zip?: string;
}

export class OrderRequest {
  @IsEmail() email!: string;
  @ValidateNested({ each: true })
  @Type(() => LineItem)
  @ArrayMinSize(1)
  @ArrayMaxSize(3)
  items!: LineItem[];
  @ValidateNested() @Type(() => Address) shipTo!: Address;
  @IsEnum(Priority) priority!: Priority;
  @IsOptional() @IsIn(['card', 'cash']) payment?: string;
  @IsOptional() @IsPositive() tip?: number;
  @IsOptional() @IsBoolean() gift?: boolean;
  @IsOptional() @IsString() @IsNotEmpty() reference?: string;
  @IsOptional() @ArrayMaxSize(3) notes?: string[];
}

/** An invoice needs a VAT id; a card payment does not (an exact @ValidateIf: if/then). */
export class PaymentRequest {
  @IsIn(['card', 'invoice']) kind!: string;
  @ValidateIf((o: PaymentRequest) => o.kind === 'invoice')
  @IsString()
  @Length(4, 12)
  vatId?: string;
}

export interface Range {
  /** @minimum 0 */
  from: number;
  /** @maximum 1000 */
  to: number;
}

export type Shape = { kind: 'circle'; radius: number } | { kind: 'square'; side: number };

export interface Folder {
  name: string;
  children: Folder[];
}

export class AgreementService {
  /**
   * Quotes a symbol.
   * @param symbol The ticker.
   */
  @Tool()
  quote(@Param() symbol: string, @Param() limit?: number, @Param() exact = false): string {
    return `${symbol}${limit ?? ''}${exact}`;
  }

  /** Sets a level. */
  @Tool()
  setLevel(
    @Param() level: Level,
    @Param() mode: 'a' | 'b' | null,
    @Param() tags: string[],
  ): string {
    return `${level}${mode}${tags.length}`;
  }

  /** Filters by range and labels. */
  @Tool()
  filter(
    @Param() range: Range,
    @Param() labels: Record<string, string>,
    @Param() pair?: [string, number],
  ): string {
    return JSON.stringify([range, labels, pair]);
  }

  /** Computes an area. */
  @Tool()
  area(@Param() shape: Shape): number {
    return shape.kind === 'circle' ? shape.radius : shape.side;
  }

  /** Places an order. */
  @Tool()
  placeOrder(@Params() order: OrderRequest, @Ctx() ctx: ToolCallContext): string {
    return `${order.email}${ctx.toolName}`;
  }

  /** Ships to an address. */
  @Tool()
  ship(@Param() address: Address): string {
    return address.street;
  }

  /** Schedules a job. */
  @Tool()
  schedule(@Param() at: Date, @Param() priority: Priority, @Param() count?: number | null): string {
    return `${at.toISOString()}${priority}${count}`;
  }

  /** Registers a link. */
  @Tool()
  link(
    @Param('site', { schema: { format: 'uri' } }) site: string,
    @Param('id', { schema: { format: 'uuid' } }) id: string,
    @Param('weight', { schema: { exclusiveMinimum: 0, maximum: 10 } }) weight: number,
    @Param() counts: Record<string, number>,
    @Param() rest: [boolean, ...string[]],
    @Param() when?: Date,
  ): string {
    return `${site}${id}${weight}${JSON.stringify(counts)}${rest.length}${when?.getTime()}`;
  }

  /** Stores a folder tree. */
  @Tool()
  storeTree(@Param() root: Folder): string {
    return root.name;
  }

  /** Takes a payment. */
  @Tool()
  pay(@Params() payment: PaymentRequest): string {
    return payment.kind;
  }

  /** Sizes a box, by a count or a label. */
  @Tool()
  size(
    @Param('size', {
      schema: {
        if: { type: 'integer' },
        then: { type: 'integer', minimum: 1 },
        else: { type: 'string', minLength: 1 },
      },
    })
    size: number | string,
  ): string {
    return String(size);
  }
}
