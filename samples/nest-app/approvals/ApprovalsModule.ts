/**
 * Where refunds waiting for a supervisor are kept: in Redis when `REDIS_URL` is set, so any
 * instance behind the load balancer can resume them, else in this process's memory.
 */
import { Module } from '@nestjs/common';
import { MemoryApprovalStore, RedisApprovalStore } from 'toolwright';
import type { ApprovalStore } from 'toolwright';
import { RedisConnection } from './RedisConnection';
import { APPROVAL_STORE, REDIS_URL } from './tokens';

/** Refunds waiting for a supervisor stay resumable for a day. */
export const APPROVAL_TTL_SECONDS = 86_400;

/** Provides `APPROVAL_STORE`. */
@Module({
  providers: [
    { provide: REDIS_URL, useFactory: () => process.env.REDIS_URL },
    RedisConnection,
    {
      provide: APPROVAL_STORE,
      inject: [RedisConnection],
      useFactory: (redis: RedisConnection): ApprovalStore =>
        redis.client ? new RedisApprovalStore({ client: redis.client }) : new MemoryApprovalStore(),
    },
  ],
  exports: [APPROVAL_STORE, REDIS_URL],
})
export class ApprovalsModule {}
