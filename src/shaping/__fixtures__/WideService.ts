/**
 * Tools whose methods return more than their declared types, as Nest services do: a row with an
 * `internal_cost`, an entity with a `private secret` and an `@Exclude()` hash, nested and in
 * arrays. The tests run codegen on this file, so the output schemas are what a user's would be.
 */
import { Exclude } from 'class-transformer';
import { Param, Tool } from 'toolwright';

/** What a summary declares. */
export interface Summary {
  id: string;
  total: number;
}

/** An account as the database hands it back. */
export class Account {
  @Exclude() passwordHash = 'hash-of-hunter2';
  private secret = 'sk-live-123';

  constructor(
    public id: string,
    public name: string,
  ) {}

  /** Whether the secret is set (uses it, so it is a real field). */
  hasSecret(): boolean {
    return this.secret.length > 0;
  }
}

/** A page of summaries, with its account. */
export interface Page {
  items: Summary[];
  owner: Account;
}

export class WideService {
  /** Summarises an order. */
  @Tool()
  summary(@Param() id: string): Summary {
    const row = { id, total: 42, internal_cost: 17 };
    return row;
  }

  /** Reads an account. */
  @Tool()
  async account(@Param() id: string): Promise<Account> {
    return new Account(id, 'Ada');
  }

  /** Lists summaries with their owner. */
  @Tool()
  page(): Page {
    const items = [
      { id: 'a', total: 1, internal_cost: 5 },
      { id: 'b', total: 2, internal_cost: 6 },
    ];
    return { items, owner: new Account('u1', 'Ada') };
  }

  /** Exports a summary, as a durable job when the registry has a queue. */
  @Tool({ longRunning: true })
  async exportSummary(@Param() id: string): Promise<Summary> {
    return { id, total: 7, internal_cost: 3 } as Summary;
  }
}
