/**
 * Error paths name the whole key: a key that is not an identifier is quoted as a JavaScript
 * accessor (`ids["id-a"]`), in the lines the model reads from the gate and the input guard.
 */
import 'reflect-metadata';
import { Param } from '../decorators/Param';
import { Tool } from '../decorators/Tool';
import { ToolRegistry } from '../registry/ToolRegistry';
import { childPath, leafOf } from './propertyPath';

class Scores {
  /** Records scores by player id. */
  @Tool()
  record(
    @Param('scores', {
      schema: { type: 'object', additionalProperties: { type: 'integer', maximum: 10 } },
    })
    scores: Record<string, number>,
  ): string {
    return Object.keys(scores).join(',');
  }
}

describe('property paths', () => {
  it.each([
    ['', 'items', 'items'],
    ['items', 0, 'items[0]'],
    ['items[0]', 'quantity', 'items[0].quantity'],
    ['ids', 'id-a', 'ids["id-a"]'],
    ['', 'a b', '["a b"]'],
    ['ids', 'say "hi"', 'ids["say \\"hi\\""]'],
  ])('%j + %j is %s', (parent, key, path) => {
    expect(childPath(parent, key)).toBe(path);
  });

  it.each([
    ['items[0].quantity', 'quantity'],
    ['items[3]', 'items'],
    ['ids["id-a"]', 'id-a'],
    ['ids["id-a"][2]', 'id-a'],
    ['', 'input'],
  ])('the leaf of %s is %s', (path, leaf) => {
    expect(leafOf(path)).toBe(leaf);
  });

  it('the model reads the whole key of a property that is not an identifier', async () => {
    const registry = new ToolRegistry().register(new Scores());
    const outcome = await registry.call('record', { scores: { 'player-1': 11, p2: 'x' } });
    expect(outcome.isError).toBe(true);
    expect(String(outcome.content).split('\n').slice(1)).toEqual([
      'scores["player-1"]: player-1 must not be greater than 10',
      'scores.p2: p2 must be an integer number',
    ]);
  });
});
