/** The shop registry with an `approve` hook exported beside it: only drafts may be purged. */
import type { McpApprovalHook } from '../types';

export { registry } from './shopRegistry';

export const approve: McpApprovalHook = (request) =>
  request.input.scope === 'drafts'
    ? true
    : { deny: `only drafts may be purged, not ${String(request.input.scope)}` };
