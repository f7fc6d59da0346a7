/**
 * The public entry points: every constant they export is frozen (a user cannot change a
 * default for everyone else in the process), and internals stay unexported.
 */
import * as codegen from '../codegen/index';
import * as mcp from './mcp/index';
import * as nest from './nest/index';
import * as testing from './testing/index';
import * as toolwright from './index';

const ENTRY_POINTS = { toolwright, codegen, mcp, nest, testing };

describe('public entry points', () => {
  it.each(Object.entries(ENTRY_POINTS))('%s exports only frozen constants', (_, entry) => {
    const constants = Object.entries(entry).filter(
      ([, value]) => typeof value === 'object' && value !== null,
    );
    expect(constants.filter(([, value]) => !Object.isFrozen(value)).map(([name]) => name)).toEqual(
      [],
    );
  });

  it('the constants it names are among them, and cannot be changed', () => {
    expect(Object.isFrozen(toolwright.DEFAULT_LIMITS)).toBe(true);
    expect(Object.isFrozen(codegen.DIAGNOSTIC_CODES)).toBe(true);
    expect(() => {
      (toolwright.DEFAULT_LIMITS as { maxDepth: number }).maxDepth = 1_000_000;
    }).toThrow(TypeError);
    expect(toolwright.DEFAULT_LIMITS.maxDepth).toBe(64);
  });

  it('keeps internals out of the main entry point', () => {
    for (const name of ['toSnakeCase', 'escapeXml', 'unescapeXml', 'hasTools', 'toRunnableTools']) {
      expect(toolwright).not.toHaveProperty(name);
    }
    // What the registry method gives is still there.
    expect(typeof toolwright.ToolRegistry.prototype.toRunnableTools).toBe('function');
  });

  it("keeps the CLI's internals out of toolwright/mcp and toolwright/codegen", () => {
    for (const name of [
      'guardRequest',
      'isLoopbackHost',
      'LOOPBACK_HOSTS',
      'loadRegistryModule',
      'RegistryModuleError',
    ]) {
      expect(mcp).not.toHaveProperty(name);
    }
    for (const name of ['parseRenderedManifest', 'manifestFormatFor', 'formatSummary']) {
      expect(codegen).not.toHaveProperty(name);
    }
  });
});
