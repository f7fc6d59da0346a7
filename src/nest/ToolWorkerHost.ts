/**
 * What the module runs beside the registry, started with the application and closed on its
 * shutdown: the job worker (`worker`), started once every provider's tools are in the registry
 * and closed after its running jobs finish, then the job queue given as `jobs` (a `ToolJobs`),
 * whose connections would otherwise keep the process alive (also when the worker's start fails
 * and fails the bootstrap). The Nest side of
 * `toolwright/jobs`; the worker and the queue come from the options, so this module never
 * loads BullMQ.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common' with {
  'resolution-mode': 'import',
};
import { ToolRegistry } from '../registry/ToolRegistry';
import { TOOLWRIGHT_OPTIONS } from './constants';
import type { ToolwrightModuleOptions } from './types';

/** Something the module closes on shutdown. */
interface Closeable {
  close(): Promise<void>;
}

const closeable = (value: unknown): value is Closeable =>
  typeof (value as Partial<Closeable> | undefined)?.close === 'function';

@Injectable()
export class ToolWorkerHost implements OnApplicationBootstrap, OnApplicationShutdown {
  private running?: Closeable;

  constructor(
    @Inject(TOOLWRIGHT_OPTIONS) private readonly options: ToolwrightModuleOptions,
    @Inject(ToolRegistry) private readonly registry: ToolRegistry,
  ) {}

  /**
   * Starts the worker. A start that fails (Redis unreachable) fails the bootstrap, and closes
   * the queue first: the application never came up, so no shutdown would close it.
   */
  async onApplicationBootstrap(): Promise<void> {
    const start = this.options.worker;
    if (!start) return;
    try {
      this.running = await start(this.registry);
    } catch (error) {
      await this.closeJobs();
      throw error;
    }
  }

  /** The worker first (its jobs report to the queue), then the queue. */
  async onApplicationShutdown(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    await running?.close();
    await this.closeJobs();
  }

  private async closeJobs(): Promise<void> {
    const jobs: unknown = this.options.jobs;
    if (closeable(jobs)) await jobs.close();
  }
}
