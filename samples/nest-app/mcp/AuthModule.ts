/** The JWT service and guard of the MCP endpoint; the secret comes from `JWT_SECRET`. */
import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { JwtGuard } from './JwtGuard';

/** Provides `JwtGuard` (and the `JwtService` it verifies with). */
@Module({
  imports: [JwtModule.registerAsync({ useFactory: () => ({ secret: process.env.JWT_SECRET }) })],
  providers: [JwtGuard],
  exports: [JwtGuard, JwtModule],
})
export class AuthModule {}
