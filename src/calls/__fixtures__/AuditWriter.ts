/**
 * A tool that declares two scopes, so the suites can show a caller needs every one of them:
 * `write_audit` asks for both `audit:read` and `audit:write`.
 */
import { Param, Tool } from '../../decorators/toolSurface';

export class AuditWriter {
  @Tool({ description: 'Appends a line to the audit log.', scopes: ['audit:read', 'audit:write'] })
  writeAudit(@Param('line') line: string): string {
    return `appended: ${line}`;
  }
}
