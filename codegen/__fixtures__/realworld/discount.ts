/** A discount coupon: an enum-driven shape whose cap applies only to percentages (@ValidateIf). */
import {
  ArrayUnique,
  IsArray,
  IsDateString,
  IsEnum,
  IsInt,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';

export enum DiscountType {
  Percent = 'percent',
  Fixed = 'fixed',
}

export class CreateDiscountDto {
  @IsString()
  @Length(4, 16)
  @Matches(/^[A-Z0-9_-]+$/)
  code!: string;

  @IsEnum(DiscountType)
  type!: DiscountType;

  @IsNumber()
  @Min(0)
  value!: number;

  /** Percent discounts only: the largest amount taken off. */
  @ValidateIf((o: CreateDiscountDto) => o.type === DiscountType.Percent)
  @IsNumber()
  @Min(0)
  @Max(100)
  percentCap?: number;

  @IsOptional()
  @IsInt()
  @IsPositive()
  maxUses?: number;

  @IsOptional()
  @IsDateString()
  expiresAt?: string;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @ArrayUnique()
  appliesTo?: string[];
}
