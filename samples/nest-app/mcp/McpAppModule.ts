/**
 * The support desk's tools over MCP: one registry holding the app's own tools (the orders,
 * customers and desk services), the SQL tools over the shop's database and the help pages'
 * `search_documents`, served at `/mcp` to clients of both revisions, behind the app's JWT guard,
 * each with the scope a caller needs, and the RFC 9728 metadata naming the authorization server
 * (`PUBLIC_URL`, `AUTH_ISSUER`).
 */
import { Module } from '@nestjs/common';
import { MemorySearchStore } from 'toolwright/search';
import { openSqlite } from 'toolwright/sql';
import {
  SearchToolsModule,
  SqlToolsModule,
  ToolwrightMcpModule,
  ToolwrightModule,
} from 'toolwright/nest';
import { manifest } from '../../tools.manifest';
import { createShopDatabase } from '../../sql/createShopDatabase';
import { CustomersService } from '../customers/CustomersService';
import { OrdersService } from '../orders/OrdersService';
import { AuthModule } from './AuthModule';
import { DeskService } from './DeskService';
import { JwtGuard } from './JwtGuard';

/** The help pages `search_documents` searches. */
async function openHelpPages(): Promise<MemorySearchStore> {
  const store = new MemorySearchStore();
  await store.add([
    { id: 'refunds', title: 'Refunds', text: 'Refunds reach the card within 5 business days.' },
  ]);
  return store;
}

/** The MCP server of the support desk. */
@Module({
  imports: [
    ToolwrightModule.forRoot({ manifest }),
    SqlToolsModule.forRootAsync({
      useFactory: () => ({
        open: async () => openSqlite({ bytes: (await createShopDatabase()).export() }),
        scopes: ['sql:read'],
      }),
    }),
    SearchToolsModule.forRootAsync({
      useFactory: () => ({ source: openHelpPages, scopes: ['docs:read'] }),
    }),
    ToolwrightMcpModule.forRootAsync({
      path: 'mcp',
      imports: [AuthModule],
      guards: [JwtGuard],
      useFactory: () => ({
        name: 'support-desk',
        version: '1.0.0',
        protectedResource: {
          resource: `${process.env.PUBLIC_URL}/mcp`,
          authorizationServers: [process.env.AUTH_ISSUER ?? 'https://auth.example.com'],
          scopesSupported: ['desk:read', 'sql:read', 'docs:read'],
        },
      }),
    }),
  ],
  providers: [CustomersService, OrdersService, DeskService],
})
export class McpAppModule {}
