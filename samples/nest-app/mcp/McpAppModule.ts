/**
 * The support desk's tools over MCP: the app's registry (the orders and customers services'
 * tools) served at `/mcp` to clients of both revisions, behind the app's JWT guard, with the
 * RFC 9728 metadata naming the authorization server (`PUBLIC_URL`, `AUTH_ISSUER`).
 */
import { Module } from '@nestjs/common';
import { ToolwrightMcpModule, ToolwrightModule } from 'toolwright/nest';
import { manifest } from '../../tools.manifest';
import { CustomersService } from '../customers/CustomersService';
import { OrdersService } from '../orders/OrdersService';
import { AuthModule } from './AuthModule';
import { JwtGuard } from './JwtGuard';

/** The MCP server of the support desk. */
@Module({
  imports: [
    ToolwrightModule.forRoot({ manifest }),
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
          scopesSupported: ['orders:read'],
        },
      }),
    }),
  ],
  providers: [CustomersService, OrdersService],
})
export class McpAppModule {}
