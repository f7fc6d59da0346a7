/**
 * DTOs for the smaller gaps of issue 31 (item 6), as NestJS projects write them: a nested class
 * without `@ValidateNested`, a numeric enum, a property class-transformer excludes, an `@Matches`
 * that reads emoji by halves, a `Date` converted by `@Type(() => Date)`, and a validator of a
 * shared package declared in a `.d.ts`.
 */
import { Exclude, Type } from 'class-transformer';
import {
  IsDate,
  IsDefined,
  IsEnum,
  IsOptional,
  IsString,
  Matches,
  ValidateNested,
} from 'class-validator';
import { IsShopCurrency } from './shared/currency';

export class AddressDto {
  @IsString()
  street!: string;
}

/** `address` is checked as an object only: class-validator does not look inside it. */
export class ContactDto {
  @IsString()
  name!: string;

  @IsDefined()
  @Type(() => AddressDto)
  address!: AddressDto;

  @IsOptional()
  @ValidateNested()
  @Type(() => AddressDto)
  billing?: AddressDto;
}

export enum Priority {
  Low,
  High,
}

export class TicketDto {
  @IsEnum(Priority)
  priority!: Priority;

  /** Up to three characters. */
  @IsOptional()
  @Matches(/^.{1,3}$/)
  code?: string;
}

export class DueDto {
  /** When it is due. */
  @IsDate()
  @Type(() => Date)
  due!: Date;
}

export class PriceDto {
  @IsString()
  amount!: string;

  /** Its currency. */
  @IsString()
  @IsShopCurrency()
  currency!: string;
}

export class RecordDto {
  @IsString()
  name!: string;

  /** Set by the server; class-transformer drops what a client sends. */
  @Exclude()
  internalId?: string;
}
