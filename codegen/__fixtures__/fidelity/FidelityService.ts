/**
 * Tools over the DTOs of `dtos.ts`, for `codegen/fidelity.test.ts`: each records what it received.
 */
import { Param, Params, Tool } from 'toolwright';
import { CreateScheduledTaskDto, LedgerEntryDto, WebsiteDto } from './dtos';
import type { ExchangeRate } from './dtos';

export class FidelityService {
  readonly received: unknown[] = [];

  /** Adds a website to watch. */
  @Tool()
  addWebsite(@Params(WebsiteDto) dto: WebsiteDto) {
    this.received.push(dto);
    return 'ok';
  }

  /** Creates a scheduled task. */
  @Tool()
  createScheduledTask(@Params(CreateScheduledTaskDto) dto: CreateScheduledTaskDto) {
    this.received.push(dto);
    return 'ok';
  }

  /** Sets today's exchange rates. */
  @Tool()
  setRates(@Param('rates') rates: ExchangeRate) {
    this.received.push(rates);
    return 'ok';
  }

  /** Books a ledger entry. */
  @Tool()
  bookEntry(@Params(LedgerEntryDto) dto: LedgerEntryDto) {
    this.received.push(dto);
    return 'ok';
  }
}
