/**
 * A service whose DTOs carry every constraint family strict mode drops (lengths, bounds,
 * patterns, formats, optional fields, a nested DTO, an array bound), a tool whose `null` is a
 * real value, and a recursive DTO: the strict tests' fixture.
 */
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsEmail,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { Param } from '../../decorators/Param';
import { Params } from '../../decorators/Params';
import { Tool } from '../../decorators/Tool';

export class Address {
  @IsString() @MaxLength(40) city!: string;
  @IsOptional() @Matches(/^\d{5}$/) zip?: string;
}

export class TicketRequest {
  @IsString() @MaxLength(40) title!: string;
  @IsInt() @Min(1) @Max(10) priority!: number;
  @Matches(/^ord_\d+$/) orderId!: string;
  @IsOptional() @IsEmail() contact?: string;
  @IsOptional() @IsString() note?: string;
  @ValidateNested() @Type(() => Address) address!: Address;
  @IsOptional() @ArrayMaxSize(3) @IsString({ each: true }) tags?: string[];
}

export class Category {
  @IsString() name!: string;
  @ValidateNested({ each: true }) @Type(() => Category) children!: Category[];
}

export class TicketService {
  received: TicketRequest[] = [];
  notes: unknown[] = [];

  @Tool({ description: 'Opens a support ticket.', strict: true })
  openTicket(@Params() request: TicketRequest): string {
    this.received.push(request);
    return 'opened';
  }

  @Tool({ description: 'Adds a note; null clears it.' })
  setNote(
    @Param('id') id: string,
    @Param('note', { optional: true, schema: { type: ['string', 'null'] } }) note?: string | null,
  ): string {
    this.notes.push(note);
    return id;
  }

  @Tool({ description: 'Adds a category tree.' })
  addCategories(@Params() root: Category): string {
    return root.name;
  }
}

/** An input of `open_ticket` that passes every constraint. */
export const validTicket = {
  title: 'Printer on fire',
  priority: 3,
  orderId: 'ord_42',
  address: { city: 'Paris' },
};
