/**
 * A service with one tool per keyword family of the agreement property test: the JSON Schema
 * keywords toolwright accepts in `@Param({ schema })` (oneOf, not, min/maxProperties,
 * propertyNames, patternProperties, multipleOf, string lengths, formats) and the class-validator
 * decorators that become format, length and bound keywords (bounds stated twice too), on DTOs
 * judged by the schema gate alone and on DTOs class-validator also runs on (so a gate/validator
 * disagreement shows as well).
 */
import { Param, Params, Tool } from 'toolwright';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayNotEmpty,
  IsArray,
  IsDate,
  IsDateString,
  IsDecimal,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsNegative,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  IsUrl,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  Validate,
  ValidatorConstraint,
} from 'class-validator';
import type { ValidatorConstraintInterface } from 'class-validator';
import { Type } from 'class-transformer';

/** A custom validator that accepts everything: its only effect is that class-validator runs. */
@ValidatorConstraint({ name: 'anything' })
export class Anything implements ValidatorConstraintInterface {
  validate(): boolean {
    return true;
  }
}

/** Lengths as class-validator counts them; every constraint is the schema's, so only the gate runs. */
export class Lengths {
  @IsString() @Length(2, 4) both!: string;
  @IsOptional() @IsString() @MinLength(3) least?: string;
  @IsOptional() @IsString() @MaxLength(2) most?: string;
}

/** The same lengths where class-validator runs too (a custom validator makes it). */
export class CheckedLengths {
  @IsString() @Length(2, 4) @Validate(Anything) both!: string;
  @IsOptional() @IsString() @MinLength(3) least?: string;
  @IsOptional() @IsString() @MaxLength(2) most?: string;
}

/** An email judged by the schema gate alone. */
export class Contact {
  @IsEmail() email!: string;
}

/** An email where class-validator's `isEmail` runs after the gate's. */
export class CheckedContact {
  @IsEmail() @Validate(Anything) email!: string;
}

/** The options of `@IsUrl` on `Site`, shared with the test's last word. */
export const SECURE_URL = { require_protocol: true, protocols: ['https'] };
export const INTERNAL_URL = { require_tld: false, allow_underscores: true };

/** URLs, as `@IsUrl(options?)` reads them (class-validator runs). */
export class Site {
  @IsUrl() url!: string;
  @IsOptional() @IsUrl(SECURE_URL) secure?: string;
  @IsOptional() @IsUrl(INTERNAL_URL) internal?: string;
}

/**
 * UUIDs, as `@IsUUID()` reads them (class-validator runs): with no version, and with each version
 * class-validator takes (a number too, and a list, of which any one will do).
 */
export class Ids {
  @IsUUID() any!: string;
  @IsOptional() @IsUUID('4') v4?: string;
  @IsOptional() @IsUUID('1') v1?: string;
  @IsOptional() @IsUUID('2') v2?: string;
  @IsOptional() @IsUUID('3') v3?: string;
  @IsOptional() @IsUUID('5') v5?: string;
  @IsOptional() @IsUUID('6') v6?: string;
  @IsOptional() @IsUUID(7) v7?: string;
  @IsOptional() @IsUUID('8') v8?: string;
  @IsOptional() @IsUUID('nil') nil?: string;
  @IsOptional() @IsUUID('max') max?: string;
  @IsOptional() @IsUUID('loose') loose?: string;
  @IsOptional() @IsUUID('all') all?: string;
  @IsOptional() @IsUUID(['4', '7']) v4or7?: string;
}

/** Date-time strings and a `Date`, as class-validator and class-transformer read them. */
export class Times {
  @IsDateString() text!: string;
  @IsOptional() @IsISO8601({ strict: true }) strict?: string;
  @IsOptional() @IsDate() @Type(() => Date) at?: Date;
}

/** Decimal strings, as `@IsDecimal(options?)` reads them, and a number of at most two decimal places. */
export class Prices {
  @IsDecimal() price!: string;
  @IsOptional() @IsDecimal({ decimal_digits: '2', force_decimal: true }) cents?: string;
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2 }) total?: number;
}

/** `@Matches`: class-validator tests without the `u` flag (and with the flags given), the schema with it. */
export class Patterns {
  @IsString() @Matches(/^[A-Z]{2}-\d{3}$/) code!: string;
  @IsOptional() @IsString() @Matches(/^[^<>]{1,4}$/) name?: string;
  @IsOptional() @IsString() @Matches(/^.{2,3}$/) short?: string;
  @IsOptional() @IsString() @Matches(/^\S+$/) word?: string;
  @IsOptional() @IsString() @Matches('^ab', 'i') prefix?: string;
  @IsOptional() @IsString() @Matches(/^x.y$/s) dotAll?: string;
}

/** A total in steps of five cents, said by a JSDoc tag. */
export interface Amounts {
  /** @multipleOf 0.05 */
  total: number;
}

/**
 * One rule stated twice by decorators laid over each other: class-validator runs each, so the
 * stricter bound holds (and both steps, and the values both `@IsIn`s list). Every rule is the
 * schema's, so the gate alone judges, and must say what class-validator says.
 */
export class Bounds {
  @IsString() @Length(2, 6) @MaxLength(20) name!: string;
  @IsOptional() @IsString() @MinLength(4) @Length(2, 6) code?: string;
  @IsOptional() @IsNumber() @Min(5) @Min(1) @Max(8) @Max(10) level?: number;
  @IsOptional() @IsNumber() @Max(10) @IsNegative() @Max(-2) below?: number;
  @IsOptional() @IsNumber() @IsPositive() @Min(0) above?: number;
  @IsOptional()
  @IsArray()
  @ArrayMinSize(2)
  @ArrayNotEmpty()
  @ArrayMaxSize(3)
  @ArrayMaxSize(5)
  @IsInt({ each: true })
  tags?: number[];
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2 }) @IsNumber({ maxDecimalPlaces: 1 }) step?: number;
  @IsOptional() @IsIn(['a', 'b', 'c']) @IsIn(['b', 'c', 'd']) pick?: string;
}

export class KeywordService {
  /** oneOf: exactly one branch. */
  @Tool()
  oneOf(
    @Param('v', {
      schema: {
        oneOf: [
          { type: 'integer', minimum: 0 },
          { type: 'number', maximum: 10 },
          { type: 'string', maxLength: 3 },
          { type: 'array', items: { type: 'integer' }, maxItems: 2 },
        ],
      },
    })
    v: unknown,
  ): string {
    return JSON.stringify(v);
  }

  /** not: anything but the excluded shapes. */
  @Tool()
  not(
    @Param('v', {
      schema: {
        type: ['string', 'number', 'array'],
        not: {
          anyOf: [
            { type: 'string', pattern: '^a' },
            { type: 'number', minimum: 5 },
            { type: 'array', minItems: 2 },
          ],
        },
      },
    })
    v: unknown,
  ): string {
    return JSON.stringify(v);
  }

  /** minProperties and maxProperties. */
  @Tool()
  propertyCount(
    @Param('bag', {
      schema: {
        type: 'object',
        additionalProperties: { type: 'integer' },
        minProperties: 1,
        maxProperties: 3,
      },
    })
    bag: Record<string, number>,
  ): string {
    return JSON.stringify(bag);
  }

  /** propertyNames, with lengths counted in code points. */
  @Tool()
  propertyNames(
    @Param('bag', {
      schema: {
        type: 'object',
        propertyNames: { minLength: 2, maxLength: 4, pattern: '^[a-z\\u{1F600}]' },
        additionalProperties: { type: 'boolean' },
      },
    })
    bag: Record<string, boolean>,
  ): string {
    return JSON.stringify(bag);
  }

  /** patternProperties beside properties, the rest refused. */
  @Tool()
  patternProperties(
    @Param('bag', {
      schema: {
        type: 'object',
        properties: { 'x-id': { maxLength: 2 } },
        patternProperties: { '^x-': { type: 'string' }, '^n_\\d$': { type: 'number' } },
        additionalProperties: false,
      },
    })
    bag: Record<string, string | number>,
  ): string {
    return JSON.stringify(bag);
  }

  /** const, exclusiveMaximum and uniqueItems (JSON equality: 1 and 1.0, keys in any order). */
  @Tool()
  marks(
    @Param('kind', { schema: { const: 'mark' } }) kind: string,
    @Param('offset', { schema: { type: 'number', exclusiveMaximum: 0 } }) offset: number,
    @Param('tags', { optional: true, schema: { type: 'array', uniqueItems: true } })
    tags?: (string | number | null | number[] | Record<string, number>)[],
  ): string {
    return `${kind}${offset}${JSON.stringify(tags)}`;
  }

  /** multipleOf with decimal and integer divisors (cents, quarter steps, fives). */
  @Tool()
  steps(
    @Param('price', { schema: { type: 'number', multipleOf: 0.01 } }) price: number,
    @Param('step', { optional: true, schema: { type: 'number', multipleOf: 2.5 } }) step?: number,
    @Param('count', { optional: true, schema: { type: 'integer', multipleOf: 5 } }) count?: number,
    @Param() amounts?: Amounts,
  ): string {
    return `${price}${step}${count}${amounts?.total}`;
  }

  /** JSON Schema string lengths (code points) on named parameters. */
  @Tool()
  schemaLengths(
    @Param('text', { schema: { minLength: 2, maxLength: 4 } }) text: string,
    @Param('short', { optional: true, schema: { maxLength: 1 } }) short?: string,
  ): string {
    return `${text}${short}`;
  }

  /** class-validator lengths, judged by the gate alone. */
  @Tool()
  lengths(@Params() input: Lengths): string {
    return input.both;
  }

  /** class-validator lengths, class-validator running too. */
  @Tool()
  checkedLengths(@Params() input: CheckedLengths): string {
    return input.both;
  }

  /** `@Matches`. */
  @Tool()
  patterns(@Params() input: Patterns): string {
    return input.code;
  }

  /** `@IsDecimal()`. */
  @Tool()
  prices(@Params() input: Prices): string {
    return input.price;
  }

  /** `format: email` on a named parameter. */
  @Tool()
  email(@Param('email', { schema: { format: 'email' } }) email: string): string {
    return email;
  }

  /** `@IsEmail()`, the gate alone. */
  @Tool()
  contact(@Params() input: Contact): string {
    return input.email;
  }

  /** `@IsEmail()`, class-validator running too. */
  @Tool()
  checkedContact(@Params() input: CheckedContact): string {
    return input.email;
  }

  /** `format: uri` on a named parameter. */
  @Tool()
  uri(@Param('uri', { schema: { format: 'uri' } }) uri: string): string {
    return uri;
  }

  /** `@IsUrl()`. */
  @Tool()
  site(@Params() input: Site): string {
    return input.url;
  }

  /** `format: uuid` on a named parameter. */
  @Tool()
  uuid(@Param('id', { schema: { format: 'uuid' } }) id: string): string {
    return id;
  }

  /** `@IsUUID()`. */
  @Tool()
  ids(@Params() input: Ids): string {
    return input.any;
  }

  /** `format: date-time` on a string, and a `Date` parameter. */
  @Tool()
  dateTime(
    @Param('text', { schema: { format: 'date-time' } }) text: string,
    @Param('at', { optional: true }) at?: Date,
  ): string {
    return `${text}${at?.getTime()}`;
  }

  /** `@IsDateString()`, `@IsISO8601()`, `@IsDate()`. */
  @Tool()
  times(@Params() input: Times): string {
    return input.text;
  }

  /** Bounds, steps and values stated twice. */
  @Tool()
  bounds(@Params() input: Bounds): string {
    return input.name;
  }
}
