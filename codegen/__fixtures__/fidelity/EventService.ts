/**
 * A tool over `EventDto`, whose `@IsDate()` has no `@Type(() => Date)`: no value passes it unless
 * class-transformer's implicit conversion turns the text into a `Date`; and one over `NoteDto`, whose
 * undecorated property only a pipe without `whitelist` keeps.
 */
import { Params, Tool } from 'toolwright';
import { EventDto, NoteDto } from './dtos';

export class EventService {
  readonly received: unknown[] = [];

  /** Records an event. */
  @Tool()
  recordEvent(@Params(EventDto) dto: EventDto) {
    this.received.push(dto);
    return 'ok';
  }

  /** Adds a note. */
  @Tool()
  addNote(@Params(NoteDto) dto: NoteDto) {
    this.received.push(dto);
    return 'ok';
  }
}
