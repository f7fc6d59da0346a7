/**
 * The session `--watch` keeps: over the lean project (see `leanProgram`) while the tools need
 * nothing it leaves out, as a cold run reads it; the first result with a TypeScript error in
 * what a tool reaches is read again from the full project, which the watch keeps from then on.
 * So the manifest and the diagnostics are the full project's at every step, as in a cold run.
 */
import type { CodegenResult } from '../assembleManifest';
import type { CodegenSession } from '../CodegenSession';
import { needsFullProgram } from '../runProgram';
import type { WatchSession } from './watch';

export class LeanWatchSession implements WatchSession {
  private session: CodegenSession;
  private full: (() => CodegenSession) | undefined;

  constructor(lean: CodegenSession, full: () => CodegenSession) {
    this.session = lean;
    this.full = full;
  }

  /** Whether the watch reads the full project now. */
  get readsFullProject(): boolean {
    return this.full === undefined;
  }

  sourceFileNames(): string[] {
    return this.session.sourceFileNames();
  }

  run(): CodegenResult {
    return this.settle(this.session.run());
  }

  update(changed: readonly string[]): CodegenResult {
    return this.settle(this.session.update(changed));
  }

  trackDependencies(): void {
    this.session.trackDependencies();
  }

  /** `result`, or the full project's when the lean one left out what a tool reaches. */
  private settle(result: CodegenResult): CodegenResult {
    if (!this.full || !needsFullProgram(result)) return result;
    this.session = this.full();
    this.full = undefined;
    const full = this.session.run();
    this.session.trackDependencies();
    return full;
  }
}
