/**
 * DTOs as NestJS projects write them, one per point of issue 31: a URL with and without
 * `@IsUrl` options, a nested DTO under an exact `@ValidateIf`, a `Record` keyed by a documented
 * alias as a root type alias, a custom decorator wrapping class-transformer's `@Transform`, and a
 * `string[]` of decimals validated each.
 */
import { Transform, Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsDate,
  IsDecimal,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

/** A shared decorator of the project: the text sent becomes a `Date`. */
export const ToDate = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? new Date(value) : value,
  );

export class WebsiteDto {
  /** The site's home page. */
  @IsUrl()
  homepage!: string;

  /** Where its news feed is. */
  @IsOptional()
  @IsUrl({ require_protocol: true })
  feed?: string;
}

export class TimeDto {
  @IsString()
  time!: string;

  @IsInt()
  @Min(0)
  @Max(6)
  day!: number;
}

export class CreateScheduledTaskDto {
  @IsString()
  name!: string;

  @IsBoolean()
  enable!: boolean;

  /** When it runs; checked only when the task is enabled. */
  @ValidateIf((o: CreateScheduledTaskDto) => o.enable === true)
  @ValidateNested()
  @Type(() => TimeDto)
  time?: TimeDto;
}

/** @pattern ^[A-Z]{3}$ */
export type CurrencyISO = string;

/** Rates by currency. */
export type ExchangeRate = Record<CurrencyISO, number>;

export class LedgerEntryDto {
  /** When it was booked. */
  @IsDate()
  @ToDate()
  bookedAt!: Date;

  /** The amounts, as decimal text. */
  @IsArray()
  @IsDecimal({}, { each: true })
  amounts!: string[];
}

/** `@IsDate()` without `@Type(() => Date)`: over HTTP it works only under implicit conversion. */
export class EventDto {
  @IsString()
  title!: string;

  @IsDate()
  createdAt!: Date;
}

/** A DTO with a property no decorator names: whitelisting strips it, without it it is kept. */
export class NoteDto {
  @IsString()
  title!: string;

  /** Free text. */
  body?: string;
}
