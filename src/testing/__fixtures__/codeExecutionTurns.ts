/**
 * Scripted replies of programmatic tool calling, in the documented shapes: the model's
 * `server_tool_use` of code execution, the `tool_use` blocks its code makes (`caller` naming
 * it), the `code_execution_tool_result` when the code ends, and the `container` every reply names.
 */
import type { ScriptedBlock, ScriptedReply } from '../types';

/** A container that expires long after any test. */
export const LIVE_UNTIL = '2999-01-01T00:00:00Z';

/** The code execution block that starts the code (id `srvtoolu_…`). */
export const runCode = (id: string, code: string): ScriptedBlock => ({
  type: 'server_tool_use',
  id,
  name: 'code_execution',
  input: { code },
  caller: { type: 'direct' },
});

/** A call the code `tool` (the server_tool_use id) makes. */
export const callFromCode = (
  tool: string,
  id: string,
  name: string,
  input: Record<string, unknown>,
): ScriptedBlock => ({
  type: 'tool_use',
  id,
  name,
  input,
  caller: { type: 'code_execution_20260120', tool_id: tool },
});

/** The code's end: its output, as the API reports it. */
export const codeResult = (tool: string, stdout: string): ScriptedBlock => ({
  type: 'code_execution_tool_result',
  tool_use_id: tool,
  content: { type: 'code_execution_result', stdout, stderr: '', return_code: 0, content: [] },
});

/** A reply in container `id` (expiring at `expiresAt`). */
export const inContainer = (
  id: string,
  content: ScriptedBlock[],
  expiresAt = LIVE_UNTIL,
): ScriptedReply => ({ content, container: { id, expires_at: expiresAt, skills: null } });
