// An ES module (this folder's package.json says "type": "module") that awaits its Nest
// application at top level and exports the registry the application holds: the natural Nest
// form, which `require` cannot load (ERR_REQUIRE_ASYNC_MODULE on Node 20.19+ and 22.12+).
import 'reflect-metadata';
import { createRequire } from 'node:module';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

const require = createRequire(import.meta.url);
const { createShopRegistry } = require('../shopRegistry.ts');
const { ToolRegistry } = require('../../../registry/ToolRegistry.ts');

class AppModule {}
Module({ providers: [{ provide: ToolRegistry, useFactory: createShopRegistry }] })(AppModule);

const app = await NestFactory.createApplicationContext(AppModule);
export const registry = app.get(ToolRegistry);
