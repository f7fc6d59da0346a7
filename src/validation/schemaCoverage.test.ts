import 'reflect-metadata';
import { IsDateString, IsDecimal, IsISO8601, IsString, IsUrl, MaxLength } from 'class-validator';
import { judgedBySchema } from './schemaCoverage';

class Exact {
  @IsDateString() due!: string;
  @IsISO8601({ strictSeparator: true }) at!: string;
  @IsDecimal({ decimal_digits: '2' }) price!: string;
  @IsString() @MaxLength(10) name!: string;
}

class StrictDate {
  @IsISO8601({ strict: true }) day!: string;
}

class Site {
  @IsUrl() url!: string;
}

class LocaleDecimal {
  @IsDecimal({ locale: 'de-DE' }) price!: string;
}

describe('which DTOs the schema gate judges alone', () => {
  it('exact patterns and lengths: the gate alone (class-validator would only repeat it)', () => {
    expect(judgedBySchema(Exact)).toBe(true);
  });

  it.each([
    ["@IsISO8601({ strict: true })'s calendar check", StrictDate],
    ["@IsUrl's rules", Site],
    ['@IsDecimal in another locale', LocaleDecimal],
  ])('%s: class-validator runs', (_case, cls) => {
    expect(judgedBySchema(cls)).toBe(false);
  });
});
