/**
 * The module's configurable definition, made by Nest's own `ConfigurableModuleBuilder` (as
 * `@nestjs/jwt`, `@nestjs/cache-manager` and `@nestjs/throttler` make theirs), so `forRootAsync`
 * takes `useFactory`, `useClass`, `useExisting`, `inject` and `imports` exactly as every Nest
 * module does. The options land under `TOOLWRIGHT_OPTIONS`; a `useClass`/`useExisting` factory
 * implements `createToolwrightOptions()` (`ToolwrightOptionsFactory`).
 */
import { ConfigurableModuleBuilder } from '@nestjs/common';
// `resolution-mode`: NestJS 12 is ESM only; the emitted declarations name this type, and a
// CommonJS consumer on node16 can read it only with the attribute.
import type { ConfigurableModuleCls } from '@nestjs/common' with { 'resolution-mode': 'import' };
import { TOOLWRIGHT_OPTIONS } from './constants';
import type { ToolwrightModuleOptions } from './types';

/** The class `ToolwrightModule` extends: `forRoot` and `forRootAsync` as the builder makes them. */
export const ConfigurableToolwrightModule: ConfigurableModuleCls<
  ToolwrightModuleOptions,
  'forRoot',
  'createToolwrightOptions'
> = new ConfigurableModuleBuilder<ToolwrightModuleOptions>({
  optionsInjectionToken: TOOLWRIGHT_OPTIONS,
})
  .setClassMethodName('forRoot')
  .setFactoryMethodName('createToolwrightOptions')
  .build().ConfigurableModuleClass;
