/** A shipment: a nested address, a nullable nested region, a notify email only when asked. */
import {
  IsBoolean,
  IsEmail,
  IsEnum,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  Length,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { Type } from 'class-transformer';

export enum Carrier {
  Ups = 'ups',
  Dhl = 'dhl',
  Fedex = 'fedex',
}

export class AddressDto {
  @IsString()
  @IsNotEmpty()
  line1!: string;

  @IsOptional()
  @IsString()
  line2?: string;

  @IsString()
  @IsNotEmpty()
  city!: string;

  @IsString()
  @Length(3, 10)
  postalCode!: string;

  @IsString()
  @Length(2, 2)
  country!: string;
}

export class RegionDto {
  @IsString()
  @MaxLength(8)
  code!: string;
}

export class CreateShipmentDto {
  @ValidateNested()
  @Type(() => AddressDto)
  address!: AddressDto;

  @IsOptional()
  @ValidateNested()
  @Type(() => RegionDto)
  region?: RegionDto | null;

  @IsNumber()
  @IsPositive()
  weightKg!: number;

  @IsEnum(Carrier)
  carrier!: Carrier;

  @IsBoolean()
  insured!: boolean;

  @IsOptional()
  @IsBoolean()
  notify?: boolean;

  @ValidateIf((o: CreateShipmentDto) => o.notify === true)
  @IsEmail()
  notifyEmail?: string;
}
