/**
 * The application's Redis connection, when `REDIS_URL` is set: opened with the app and closed
 * when it shuts down (`app.close()`), so no instance leaves a socket open.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS_URL } from './tokens';

/** One `ioredis` client per instance, or none without a URL. */
@Injectable()
export class RedisConnection implements OnApplicationShutdown {
  readonly client: Redis | undefined;

  constructor(@Inject(REDIS_URL) url: string | undefined) {
    this.client = url ? new Redis(url, { maxRetriesPerRequest: 2 }) : undefined;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client?.quit();
  }
}
