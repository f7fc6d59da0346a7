/**
 * In a Nest application the registry's warnings (a result's undeclared fields dropped, the
 * problems `register()` finds) go through Nest's logger, so the app's own logger (given to
 * `NestFactory` or `app.useLogger`) shows them once, with the `Toolwright` context; not through
 * `process.emitWarning`. A `logger` in the module options still wins.
 */
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import type { INestApplicationContext, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ToolRegistry } from 'toolwright';
import { ToolwrightModule } from 'toolwright/nest';
import { WideService } from '../shaping/__fixtures__/WideService';
import { wideManifest } from '../shaping/__fixtures__/wideRegistry';

/** A Nest `LoggerService` that keeps its warnings, with their context. */
class KeepingLogger implements LoggerService {
  readonly warnings: { message: string; context: unknown }[] = [];
  log(): void {}
  error(): void {}
  warn(message: unknown, context?: unknown): void {
    this.warnings.push({ message: String(message), context });
  }
}

/** The warnings about `summary`'s dropped `internal_cost`. */
function droppedWarnings(messages: readonly string[]): string[] {
  return messages.filter((message) => message.includes('"summary"'));
}

describe('ToolwrightModule logs through Nest', () => {
  let app: INestApplicationContext | undefined;
  let emitWarning: jest.SpyInstance;
  beforeEach(() => {
    emitWarning = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    emitWarning.mockRestore();
  });

  it("warns about a result's undeclared field once, through the app's Nest logger", async () => {
    @Module({
      imports: [ToolwrightModule.forRoot({ manifest: wideManifest() })],
      providers: [WideService],
    })
    class AppModule {}
    const logger = new KeepingLogger();
    app = await NestFactory.createApplicationContext(AppModule, { logger });
    const registry = app.get(ToolRegistry);
    await registry.call('summary', { id: 'o1' });
    await registry.call('summary', { id: 'o2' });

    const warned = droppedWarnings(logger.warnings.map((w) => w.message));
    expect(warned).toHaveLength(1);
    expect(warned[0]).toContain('internal_cost');
    expect(logger.warnings.find((w) => w.message === warned[0])?.context).toBe('Toolwright');
    expect(emitWarning).not.toHaveBeenCalled();
  });

  it('follows a logger set later with app.useLogger', async () => {
    @Module({
      imports: [ToolwrightModule.forRoot({ manifest: wideManifest() })],
      providers: [WideService],
    })
    class AppModule {}
    app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    const logger = new KeepingLogger();
    app.useLogger(logger);
    await app.get(ToolRegistry).call('summary', { id: 'o1' });

    expect(droppedWarnings(logger.warnings.map((w) => w.message))).toHaveLength(1);
    expect(emitWarning).not.toHaveBeenCalled();
  });

  it("uses the logger given in the module's options instead", async () => {
    const mine: string[] = [];
    @Module({
      imports: [
        ToolwrightModule.forRoot({
          manifest: wideManifest(),
          logger: { warn: (message) => void mine.push(message) },
        }),
      ],
      providers: [WideService],
    })
    class AppModule {}
    const nest = new KeepingLogger();
    app = await NestFactory.createApplicationContext(AppModule, { logger: nest });
    await app.get(ToolRegistry).call('summary', { id: 'o1' });

    expect(droppedWarnings(mine)).toHaveLength(1);
    expect(droppedWarnings(nest.warnings.map((w) => w.message))).toHaveLength(0);
  });
});
