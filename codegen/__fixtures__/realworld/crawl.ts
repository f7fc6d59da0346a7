/** Crawler options with class defaults (initializers), as scraping services write them. */
import {
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { Type } from 'class-transformer';

export class ThrottleDto {
  @IsInt()
  @Min(0)
  delayMs: number = 250;

  @IsInt()
  @Min(1)
  @Max(16)
  concurrency: number = 4;
}

export class CrawlOptionsDto {
  @IsUrl()
  url!: string;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(5)
  maxDepth: number = 2;

  @IsInt()
  @Min(1)
  @Max(1000)
  maxPages: number = 100;

  @IsBoolean()
  respectRobots: boolean = true;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  includePatterns?: string[];

  @IsOptional()
  @IsObject()
  headers?: Record<string, string>;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  userAgent?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => ThrottleDto)
  throttle?: ThrottleDto;
}
