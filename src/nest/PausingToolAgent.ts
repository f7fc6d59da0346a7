/**
 * The injection token of an agent configured with `approvals: 'pause'`, typed as such. Nest
 * types `app.get(ToolAgent)` from the class, which completes every run; this class is the same
 * agent typed as one whose `run` may return a paused run, so no cast is needed.
 */
import { ToolAgent } from '../agent/ToolAgent';

/**
 * The module's agent when its options say `agent: { approvals: 'pause' }`: the same instance as
 * `ToolAgent`, typed so that `run` returns `RunResult | PendingApproval`. Without `agent`
 * options, or with another `approvals` mode, the module provides `undefined` under it.
 * @example
 * const agent = app.get(PausingToolAgent);
 * const outcome = await agent.run('Refund order 42');
 * if ('runId' in outcome) await agent.resume(outcome.runId, { [outcome.pending[0].id]: true });
 */
export class PausingToolAgent<State = unknown> extends ToolAgent<State, 'pause'> {}
