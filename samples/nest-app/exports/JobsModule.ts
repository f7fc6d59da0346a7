/**
 * The queue of the long-running tools, when `REDIS_URL` is set: `ToolJobs` (BullMQ) for the
 * registry, and the worker that runs the jobs in this instance unless `TOOLWRIGHT_WORKER=off`
 * (an API-only instance: the jobs then run in `worker.ts` processes). Closed with the app.
 */
import { Inject, Injectable, Module } from '@nestjs/common';
import type { OnApplicationShutdown } from '@nestjs/common';
import type { ToolRegistry } from 'toolwright';
import { startToolWorker, ToolJobs } from 'toolwright/jobs';
import { ApprovalsModule } from '../approvals/ApprovalsModule';
import { REDIS_URL } from '../approvals/tokens';

/** The jobs of this instance, or none without Redis. */
@Injectable()
export class ToolQueue implements OnApplicationShutdown {
  readonly jobs: ToolJobs | undefined;

  constructor(@Inject(REDIS_URL) private readonly url: string | undefined) {
    this.jobs = url ? new ToolJobs({ connection: url }) : undefined;
  }

  /** What `ToolwrightModule`'s `worker` option takes, when this instance runs jobs. */
  worker(): ((registry: ToolRegistry) => ReturnType<typeof startToolWorker>) | undefined {
    const url = this.url;
    if (!url || process.env.TOOLWRIGHT_WORKER === 'off') return undefined;
    return (registry) => startToolWorker(registry, { connection: url, concurrency: 2 });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs?.close();
  }
}

/** Provides `ToolQueue`. */
@Module({ imports: [ApprovalsModule], providers: [ToolQueue], exports: [ToolQueue] })
export class JobsModule {}
