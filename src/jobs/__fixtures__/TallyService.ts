/**
 * A long-running tool the model calls from code (programmatic tool calling), for the test of a
 * call from code deferred to its job: every run is counted in Redis.
 */
import type Redis from 'ioredis';
import { Param } from '../../decorators/Param';
import { Tool } from '../../decorators/Tool';

export class TallyService {
  constructor(private readonly redis: Redis) {}

  /**
   * Totals the sales of a region.
   * @param region The region's name.
   */
  @Tool({ longRunning: true, callableFromCode: true })
  async tally(@Param('region') region: string): Promise<{ region: string; total: number }> {
    await this.redis.incr(`tally:${region}`);
    return { region, total: 42 };
  }
}
