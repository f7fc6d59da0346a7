/** A service whose tools take the DTOs of `gaps.ts`, each as `@Params()`. */
import { Params, Tool } from 'toolwright';
import { ContactDto, DueDto, PriceDto, RecordDto, TicketDto } from './gaps';

export class GapService {
  readonly received: object[] = [];

  /** Adds a contact. */
  @Tool()
  addContact(@Params() contact: ContactDto) {
    this.received.push(contact);
    return 'ok';
  }

  /** Opens a ticket. */
  @Tool()
  openTicket(@Params() ticket: TicketDto) {
    this.received.push(ticket);
    return 'ok';
  }

  /** Saves a record. */
  @Tool()
  saveRecord(@Params() record: RecordDto) {
    this.received.push(record);
    return 'ok';
  }

  /** Sets a price. */
  @Tool()
  setPrice(@Params() price: PriceDto) {
    this.received.push(price);
    return 'ok';
  }

  /** Sets a due date. */
  @Tool()
  setDue(@Params() due: DueDto) {
    this.received.push(due);
    return 'ok';
  }
}
