/**
 * The Nest module in a real Nest application: discovery of tool providers, DI-managed
 * instances (a tool using an injected dependency), forRootAsync, and the clear errors for
 * request-scoped and transient tool providers.
 */
import 'reflect-metadata';
import { Inject, Injectable, Module, Scope } from '@nestjs/common';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import Anthropic from '@anthropic-ai/sdk';
import { Param, Tool, ToolAgent, ToolDefinitionError, ToolRegistry } from 'toolwright';
import type { PendingApproval, RunResult } from 'toolwright';
import { ANTHROPIC_CLIENT, PausingToolAgent, ToolwrightModule } from 'toolwright/nest';
import type { ToolwrightModuleOptions, ToolwrightOptionsFactory } from 'toolwright/nest';
import { startScriptedServer } from 'toolwright/testing';

@Injectable()
class RatesService {
  readonly calls: string[] = [];
  rate(currency: string): number {
    this.calls.push(currency);
    return currency === 'EUR' ? 0.5 : 1;
  }
}

@Injectable()
class PriceService {
  constructor(@Inject(RatesService) private readonly rates: RatesService) {}

  /** Converts a price in US dollars. */
  @Tool()
  convertPrice(@Param('usd') usd: number, @Param('currency') currency: string): number {
    return usd * this.rates.rate(currency);
  }
}

@Injectable()
class GreetingService {
  /** Greets someone. */
  @Tool()
  greet(@Param('name') name: string): string {
    return `Hello, ${name}`;
  }
}

@Injectable()
class RefundService {
  /** Refunds an order. */
  @Tool({ requiresApproval: true })
  refund(@Param('order') order: string): string {
    return `refunded ${order}`;
  }
}

@Injectable()
class NestingService {
  /** Counts the keys of a tree's top level. */
  @Tool()
  countKeys(@Param('tree', { schema: { type: 'object' } }) tree: object): number {
    return Object.keys(tree).length;
  }
}

describe('ToolwrightModule', () => {
  let app: INestApplicationContext | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('registers every provider with tools, as the DI-managed instance', async () => {
    @Module({
      imports: [ToolwrightModule.forRoot()],
      providers: [RatesService, PriceService, GreetingService],
    })
    class AppModule {}
    app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    const registry = app.get(ToolRegistry);
    expect(
      registry
        .list()
        .map((tool) => tool.name)
        .sort(),
    ).toEqual(['convert_price', 'greet']);
    const outcome = await registry.call('convert_price', { usd: 10, currency: 'EUR' });
    expect(outcome).toEqual({ content: '5', isError: false });
    expect(app.get(RatesService).calls).toEqual(['EUR']);
  });

  it('finds tools in feature modules and registers a provider imported twice once', async () => {
    @Module({ providers: [RatesService, PriceService], exports: [PriceService] })
    class PricesModule {}
    @Module({ imports: [PricesModule], providers: [GreetingService] })
    class GreetingsModule {}
    @Module({ imports: [ToolwrightModule.forRoot(), PricesModule, GreetingsModule] })
    class AppModule {}
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    app = await moduleRef.init();
    expect(
      app
        .get(ToolRegistry)
        .list()
        .map((tool) => tool.name)
        .sort(),
    ).toEqual(['convert_price', 'greet']);
  });

  it('has every tool even when the testing module was compiled but not initialised', async () => {
    @Module({
      imports: [ToolwrightModule.forRoot()],
      providers: [RatesService, PriceService, GreetingService],
    })
    class AppModule {}
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    const registry = moduleRef.get(ToolRegistry);
    expect(registry).toBeInstanceOf(ToolRegistry);
    expect(
      registry
        .list()
        .map((tool) => tool.name)
        .sort(),
    ).toEqual(['convert_price', 'greet']);
    expect(await registry.call('convert_price', { usd: 4, currency: 'EUR' })).toEqual({
      content: '2',
      isError: false,
    });
    app = await moduleRef.init();
    expect(app.get(ToolRegistry).list()).toHaveLength(2);
  });

  it('takes its options from forRootAsync with injected providers', async () => {
    const limitsSeen: unknown[] = [];
    @Injectable()
    class Settings {
      readonly maxDepth = 8;
    }
    @Module({ providers: [Settings], exports: [Settings] })
    class SettingsModule {}
    @Module({
      imports: [
        ToolwrightModule.forRootAsync({
          imports: [SettingsModule],
          inject: [Settings],
          useFactory: (settings: Settings) => {
            limitsSeen.push(settings.maxDepth);
            return { limits: { maxDepth: settings.maxDepth } };
          },
        }),
      ],
      providers: [GreetingService],
    })
    class AppModule {}
    app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    expect(limitsSeen).toEqual([8]);
    expect(await app.get(ToolRegistry).call('greet', { name: 'Ada' })).toEqual({
      content: 'Hello, Ada',
      isError: false,
    });
  });

  it('takes its options from forRootAsync({ useClass }) whose class injects a provider', async () => {
    @Injectable()
    class Settings {
      readonly maxDepth = 2;
    }
    @Module({ providers: [Settings], exports: [Settings] })
    class SettingsModule {}
    @Injectable()
    class ToolwrightConfig implements ToolwrightOptionsFactory {
      constructor(@Inject(Settings) private readonly settings: Settings) {}
      createToolwrightOptions(): ToolwrightModuleOptions {
        return { limits: { maxDepth: this.settings.maxDepth } };
      }
    }
    @Module({
      imports: [
        ToolwrightModule.forRootAsync({ imports: [SettingsModule], useClass: ToolwrightConfig }),
      ],
      providers: [NestingService],
    })
    class AppModule {}
    app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    const registry = app.get(ToolRegistry);
    expect(await registry.call('count_keys', { tree: { a: 1 } })).toEqual({
      content: '1',
      isError: false,
    });
    // The class's options reached the registry: input nested deeper than maxDepth 2 is refused.
    const deep = await registry.call('count_keys', { tree: { a: { b: { c: 1 } } } });
    expect(deep.isError).toBe(true);
    expect(String(deep.content)).toContain('nested deeper than the limit of 2 levels');
  });

  it('takes its options from forRootAsync({ useExisting }) naming a provider of an imported module', async () => {
    const made: string[] = [];
    @Injectable()
    class SharedConfig implements ToolwrightOptionsFactory {
      createToolwrightOptions(): ToolwrightModuleOptions {
        made.push('shared');
        return { limits: { maxDepth: 2 } };
      }
    }
    @Module({ providers: [SharedConfig], exports: [SharedConfig] })
    class ConfigModule {}
    @Module({
      imports: [
        ConfigModule,
        ToolwrightModule.forRootAsync({ imports: [ConfigModule], useExisting: SharedConfig }),
      ],
      providers: [NestingService],
    })
    class AppModule {}
    app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    expect(made).toEqual(['shared']);
    const deep = await app.get(ToolRegistry).call('count_keys', { tree: { a: { b: { c: 1 } } } });
    expect(deep.isError).toBe(true);
  });

  it('provides a ToolAgent over the discovered tools when agent options are given', async () => {
    const server = await startScriptedServer({
      turns: [
        { content: [{ type: 'tool_use', name: 'greet', input: { name: 'Ada' } }] },
        { content: [{ type: 'text', text: 'I greeted Ada.' }] },
      ],
    });
    try {
      const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
      @Module({
        imports: [ToolwrightModule.forRoot({ agent: { model: 'claude-sonnet-5-5', client } })],
        providers: [GreetingService],
      })
      class AppModule {}
      app = await NestFactory.createApplicationContext(AppModule, { logger: false });
      expect(app.get(ANTHROPIC_CLIENT)).toBe(client);
      const result = await app.get(ToolAgent).run('Greet Ada');
      expect(result.finalText).toBe('I greeted Ada.');
      expect(JSON.stringify(server.requests[1].body.messages)).toContain('Hello, Ada');
    } finally {
      await server.close();
    }
  });

  it('provides the agent as a PausingToolAgent, whose runs may pause, with approvals: pause', async () => {
    const server = await startScriptedServer({
      turns: [{ content: [{ type: 'tool_use', name: 'refund', input: { order: 'o1' } }] }],
    });
    try {
      const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
      const agent = { model: 'claude-sonnet-5-5', client, approvals: 'pause' as const };
      @Module({
        imports: [ToolwrightModule.forRoot({ agent })],
        providers: [RefundService],
      })
      class AppModule {}
      app = await NestFactory.createApplicationContext(AppModule, { logger: false });
      const pausing = app.get(PausingToolAgent);
      expect(pausing).toBe(app.get(ToolAgent));
      // Typed as a run that may pause: a PendingApproval is assignable without a cast.
      const outcome: RunResult | PendingApproval = await pausing.run('Refund order o1');
      expect('runId' in outcome && outcome.pending.map((call) => call.name)).toEqual(['refund']);
    } finally {
      await server.close();
    }
  });

  it('provides no PausingToolAgent when the agent completes its runs (approvals: callback)', async () => {
    const client = new Anthropic({ apiKey: 'test-key', baseURL: 'http://127.0.0.1:9' });
    @Module({
      imports: [ToolwrightModule.forRoot({ agent: { model: 'claude-sonnet-5-5', client } })],
      providers: [GreetingService],
    })
    class AppModule {}
    app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    expect(app.get(ToolAgent)).toBeInstanceOf(ToolAgent);
    expect(app.get(PausingToolAgent, { strict: false })).toBeUndefined();
  });

  it('provides no ToolAgent without agent options', async () => {
    @Module({ imports: [ToolwrightModule.forRoot()], providers: [GreetingService] })
    class AppModule {}
    app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    expect(app.get(ToolAgent, { strict: false })).toBeUndefined();
  });

  it.each([
    ['request-scoped', Scope.REQUEST],
    ['transient', Scope.TRANSIENT],
  ])('refuses a %s provider with tools, naming it and the fix', async (scope, nestScope) => {
    @Injectable({ scope: nestScope })
    class ScopedTools {
      /** Scoped. */
      @Tool()
      whoAmI(@Param('x') x: string): string {
        return x;
      }
    }
    @Module({ imports: [ToolwrightModule.forRoot()], providers: [ScopedTools] })
    class AppModule {}
    const failure = NestFactory.createApplicationContext(AppModule, {
      logger: false,
      abortOnError: false,
    });
    await expect(failure).rejects.toThrow(ToolDefinitionError);
    await expect(failure).rejects.toThrow(`ScopedTools is ${scope} and declares tools (whoAmI)`);
  });
});
