/** A shopping cart: nested line items validated each, as e-commerce services write it. */
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { Type } from 'class-transformer';

export class CartItemDto {
  @IsUUID('4')
  productId!: string;

  @IsInt()
  @Min(1)
  @Max(99)
  quantity!: number;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  note?: string;
}

export class CartDto {
  @ValidateNested({ each: true })
  @Type(() => CartItemDto)
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  items!: CartItemDto[];

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  couponCode?: string;

  @IsIn(['USD', 'EUR', 'GBP'])
  currency!: string;
}
