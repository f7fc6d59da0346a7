/**
 * Only a supervisor may approve a refund: `POST /approvals/:id` needs `Authorization: Bearer
 * <SUPERVISOR_TOKEN>`. Without the header it answers 401, with another token 403, and when no
 * token is configured it refuses everyone (403), so a copied sample is never open by default.
 * A real deployment would put its own authentication here (a session, an OAuth scope); the
 * point is that the approval endpoint, which runs refunds, is not public.
 */
import { timingSafeEqual } from 'node:crypto';
import { ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import type { CanActivate, ExecutionContext, Provider } from '@nestjs/common';
import { SUPERVISOR_TOKEN } from './tokens';

/** `SUPERVISOR_TOKEN` from the environment. */
export const supervisorTokenProvider: Provider = {
  provide: SUPERVISOR_TOKEN,
  useFactory: () => process.env.SUPERVISOR_TOKEN,
};

/** Compares in constant time, so the token cannot be guessed a character at a time. */
function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

@Injectable()
export class SupervisorGuard implements CanActivate {
  constructor(@Inject(SUPERVISOR_TOKEN) private readonly token: string | undefined) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>();
    const header = request.headers.authorization;
    const given = typeof header === 'string' ? /^Bearer (.+)$/.exec(header)?.[1] : undefined;
    if (!given)
      throw new UnauthorizedException(
        'A supervisor token is required (Authorization: Bearer <token>)',
      );
    if (!this.token)
      throw new ForbiddenException('Approvals are disabled: SUPERVISOR_TOKEN is not set');
    if (!sameToken(given, this.token))
      throw new ForbiddenException('This token may not approve refunds');
    return true;
  }
}
