/**
 * The module's configurable definition, made by Nest's own `ConfigurableModuleBuilder` (as
 * `@nestjs/jwt`, `@nestjs/cache-manager` and `@nestjs/throttler` make theirs), so `forRootAsync`
 * takes `useFactory`, `useClass`, `useExisting`, `inject` and `imports` exactly as every Nest
 * module does. The options land under `TOOLWRIGHT_OPTIONS`; a `useClass`/`useExisting` factory
 * implements `createToolwrightOptions()` (`ToolwrightOptionsFactory`).
 */
import { ConfigurableModuleBuilder } from '@nestjs/common';
import { TOOLWRIGHT_OPTIONS } from './constants';
import type { ToolwrightModuleOptions } from './types';

export const { ConfigurableModuleClass: ConfigurableToolwrightModule } =
  new ConfigurableModuleBuilder<ToolwrightModuleOptions>({
    optionsInjectionToken: TOOLWRIGHT_OPTIONS,
  })
    .setClassMethodName('forRoot')
    .setFactoryMethodName('createToolwrightOptions')
    .build();
