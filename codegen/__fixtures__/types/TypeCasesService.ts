/**
 * The type cases of issue 18 as a user writes them, one tool each: a date alone on a `Date`,
 * the enum object, the empty object and the XOR idiom, a `Record` whose key alias documents a
 * pattern, a numeric index signature, and tags other schema generators read.
 */
import { Param, Tool } from '../../../src';

export enum Color {
  Red = 'red',
  Blue = 'blue',
}

/** @pattern ^[a-z]+$ */
export type Slug = string;

export interface Booking {
  /** The day, without a time. @format date */
  day: Date;
  /** @format time */
  at: Date;
}

export interface Legacy {
  /**
   * A note.
   * @nullable
   * @TJS-type integer
   * @items.minimum 3
   */
  note: string;
}

export class TypeCasesService {
  /** Books a day. */
  @Tool()
  book(@Param('booking') booking: Booking): string {
    return `${booking.day instanceof Date ? 'Date' : typeof booking.day}`;
  }

  /** Takes the palette object. */
  @Tool()
  palette(@Param('colors') colors: typeof Color): string {
    return Object.values(colors).join(',');
  }

  /** Takes an empty object and one of two properties. */
  @Tool()
  shapes(
    @Param('empty') empty: Record<string, never>,
    @Param('either') either: { a: string; b?: never },
  ): number {
    return Object.keys(empty).length + Object.keys(either).length;
  }

  /** Counts by slug and by number. */
  @Tool()
  tallies(
    @Param('bySlug') bySlug: Record<Slug, number>,
    @Param('byNumber') byNumber: { [id: number]: string },
  ): number {
    return Object.keys(bySlug).length + Object.keys(byNumber).length;
  }

  /** Keeps a legacy note. */
  @Tool()
  legacy(@Param('legacy') legacy: Legacy): string {
    return legacy.note;
  }
}
