/**
 * Starts the module's job worker once the application is up (every provider's tools are in the
 * registry by then) and closes it on shutdown, after its running jobs finish: the Nest side of
 * `toolwright/jobs`. The worker itself comes from the options (`jobs.startWorker`), so this
 * module never loads BullMQ.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common' with {
  'resolution-mode': 'import',
};
import { ToolRegistry } from '../registry/ToolRegistry';
import { TOOLWRIGHT_OPTIONS } from './constants';
import type { ToolwrightModuleOptions } from './types';

@Injectable()
export class ToolWorkerHost implements OnApplicationBootstrap, OnApplicationShutdown {
  private running?: { close(): Promise<void> };

  constructor(
    @Inject(TOOLWRIGHT_OPTIONS) private readonly options: ToolwrightModuleOptions,
    @Inject(ToolRegistry) private readonly registry: ToolRegistry,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const start = this.options.worker;
    if (start) this.running = await start(this.registry);
  }

  async onApplicationShutdown(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    await running?.close();
  }
}
