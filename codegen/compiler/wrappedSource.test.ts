import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { wrappedSource } from './wrappedSource';

describe('wrappedSource', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'toolwright-wrapped-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** The exports of `text` run as a module through its wrapped source. */
  const exportsOf = (name: string, text: string): Record<string, unknown> => {
    const file = join(scratch, name);
    writeFileSync(file, text);
    const body = new Script(wrappedSource(file), { filename: file }).runInThisContext() as (
      exports: Record<string, unknown>,
    ) => void;
    const exported: Record<string, unknown> = {};
    body(exported);
    return exported;
  };

  it('compiles a module whose last line is a // comment without a line break', () => {
    expect(exportsOf('comment.js', "exports.value = 'kept';\n// the end")).toEqual({
      value: 'kept',
    });
    expect(
      exportsOf('map.js', "exports.value = 'mapped';\n//# sourceMappingURL=map.js.map"),
    ).toEqual({ value: 'mapped' });
  });

  it('compiles a module that is only a #! line, and one without a last line break', () => {
    expect(exportsOf('bang.js', '#!/usr/bin/env node')).toEqual({});
    expect(exportsOf('bare.js', 'exports.value = 1')).toEqual({ value: 1 });
  });
});
