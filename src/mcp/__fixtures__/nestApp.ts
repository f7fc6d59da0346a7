/**
 * A Nest (Express) application with the shop registry's MCP endpoint mounted at /mcp. Run as
 * its own process (Nest 12 is ES-module only, which Jest 29's runtime cannot load on any Node);
 * prints `listening on <url>` and stops on SIGTERM. `MCP_STATELESS=1` mounts it stateless;
 * `MCP_HEADERS_TIMEOUT_MS` sets the slow-client headers limit.
 */
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mountMcpHttp } from '../mountMcpHttp';
import { createShopRegistry } from './shopRegistry';

@Module({})
class AppModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create(AppModule, { logger: false });
  const mcp = mountMcpHttp(app.getHttpAdapter().getInstance(), createShopRegistry(), {
    name: 'shop',
    version: '1.0.0',
    token: process.env.MCP_TOKEN,
    stateless: process.env.MCP_STATELESS === '1',
    httpServer: app.getHttpServer(),
    headersTimeoutMs: Number(process.env.MCP_HEADERS_TIMEOUT_MS ?? 30_000),
  });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  process.stdout.write(`listening on http://127.0.0.1:${port}/mcp\n`);
  process.once('SIGTERM', () => {
    void mcp
      .close()
      .then(() => app.close())
      .then(() => process.exit(0));
  });
}

void main();
