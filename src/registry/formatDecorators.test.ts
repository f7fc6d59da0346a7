/**
 * What a user of the format and length decorators sees through the registry (issue 18): values
 * class-validator accepts are accepted, with or without codegen's manifest, and what it refuses
 * is refused with its reason.
 */
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  IsDate,
  IsDateString,
  IsDecimal,
  IsISO8601,
  IsNumber,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
} from 'class-validator';
import { Param, Params, Tool } from '../decorators/toolSurface';
import { ToolRegistry } from './ToolRegistry';

class Booking {
  @IsDateString() due!: string;
  @IsOptional() @Matches(/^\d{4}-\d{2}-\d{2}$/) @IsISO8601({ strict: true }) day?: string;
  @IsOptional() @IsUrl() site?: string;
  @IsOptional() @IsUrl({ require_protocol: true, protocols: ['https'] }) secure?: string;
  @IsOptional() @IsDecimal({ decimal_digits: '2' }) price?: string;
  @IsOptional() @IsString() @MaxLength(2) mark?: string;
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2 }) total?: number;
}

/** `@IsDate()` wants a `Date`; JSON carries none, so without `@Type(() => Date)` nothing passes. */
class Slot {
  @IsOptional() @IsDate() @Type(() => Date) end?: Date;
}

class ImpossibleSlot {
  @IsOptional() @IsDate() start?: Date;
}

class BookingService {
  @Tool()
  slot(@Params(Slot) slot: Slot): string {
    return JSON.stringify(slot);
  }

  @Tool()
  book(@Params(Booking) booking: Booking): string {
    return JSON.stringify(booking);
  }

  @Tool()
  charge(
    @Param('amount', { schema: { type: 'number', multipleOf: 0.01 } }) amount: number,
  ): string {
    return String(amount);
  }
}

const registry = new ToolRegistry().register(new BookingService());
const book = (input: object) => registry.check('book', { due: '2025-12-31', ...input });
const problems = async (input: object): Promise<string> => {
  const checked = await book(input);
  return checked.ok ? 'valid' : checked.error;
};

describe('format and length decorators, as class-validator reads them', () => {
  it.each([
    ['a date alone', '2025-12-31'],
    ['a year', '2024'],
    ['a week date', '2024-W05-3'],
    ['an ordinal date', '2024-366'],
    ['a time without seconds', '2024-01-31T09:30'],
    ['a year before 1000', '0999-01-01'],
    ['a calendar-invalid date (not strict)', '2023-02-31'],
  ])('@IsDateString() accepts %s: %s', async (_case, due) => {
    expect(await problems({ due })).toBe('valid');
  });

  it('@IsDateString() refuses what is no ISO 8601 date, saying what is wanted', async () => {
    expect(await problems({ due: '31/12/2025' })).toContain(
      'due must be a valid ISO 8601 date string such as 2024-01-31',
    );
  });

  it('@Matches(date) with @IsISO8601({ strict: true }): a real day passes, a day the calendar lacks does not', async () => {
    expect(await problems({ day: '2024-02-29' })).toBe('valid');
    expect(await problems({ day: '2023-02-29' })).toContain(
      'day must be a valid ISO 8601 date string',
    );
    expect(await problems({ day: '2024-02-29T10:00Z' })).toContain('day must match');
  });

  it.each([
    ['no protocol', 'example.com/path'],
    ['an IPv6 host', 'http://[2001:db8::1]:8080/a'],
    ['user:pass@', 'http://user:pass@example.com'],
    ['a punycode top-level domain', 'http://example.xn--p1ai'],
    ['punctuation', "https://example.com/a,b;c=d!$'()*~?q=a|b"],
  ])('@IsUrl() accepts %s: %s', async (_case, site) => {
    expect(await problems({ site })).toBe('valid');
  });

  it("@IsUrl(options) applies its options: class-validator's message reaches the model", async () => {
    expect(await problems({ secure: 'https://example.com' })).toBe('valid');
    expect(await problems({ secure: 'example.com' })).toContain('secure must be a URL address');
    expect(await problems({ site: 'not a url' })).toContain('site must be a URL address');
  });

  it('@IsDecimal on a string: two decimal digits', async () => {
    expect(await problems({ price: '19.99' })).toBe('valid');
    expect(await problems({ price: '19.999' })).not.toBe('valid');
  });

  it('@IsDate() without @Type(() => Date): register() says no value can pass and how to fix it, as codegen does', async () => {
    class SlotService {
      @Tool()
      slot(@Params(ImpossibleSlot) slot: ImpossibleSlot): string {
        return JSON.stringify(slot);
      }
    }
    expect(() => new ToolRegistry().register(new SlotService())).toThrow(
      /SlotService\.slot \(tool "slot"\) can never be called: @IsDate on ImpossibleSlot\.start wants a Date instance.*add @Type\(\(\) => Date\)/,
    );
    expect((await registry.check('slot', { end: '2024-01-01T00:00:00Z' })).ok).toBe(true);
  });

  it('@IsNumber({ maxDecimalPlaces: 2 }) is multipleOf 0.01: the model is told, cents pass', async () => {
    expect(registry.get('book')?.inputSchema.properties.total).toEqual({
      type: 'number',
      multipleOf: 0.01,
    });
    for (const total of [0.07, 0.29, 19.99, 100]) expect(await problems({ total })).toBe('valid');
    expect(await problems({ total: 19.999 })).toContain('total must be a multiple of 0.01');
  });

  it('multipleOf 0.01 accepts whole cents', async () => {
    for (const amount of [0.07, 0.29, 19.99]) {
      expect((await registry.check('charge', { amount })).ok).toBe(true);
    }
    expect((await registry.check('charge', { amount: 0.075 })).ok).toBe(false);
  });

  it('@MaxLength counts code points: "❤️❤" is 3 (the documented difference from isLength, which says 2)', async () => {
    expect(await problems({ mark: '\u{1F600}\u{1F600}' })).toBe('valid');
    expect(await problems({ mark: '\u2764\uFE0F\u2764' })).toContain(
      'mark must be shorter than or equal to 2 characters',
    );
  });
});
