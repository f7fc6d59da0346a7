/**
 * "Did you mean …?": the known name closest to a misspelt one, by edit distance (case ignored),
 * for messages about unknown options and tools. Its own file: codegen and the registry both word
 * it.
 */

/** Levenshtein distance between two strings. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      row.push(Math.min(previous[j] + 1, row[j - 1] + 1, substitution));
    }
    previous = row;
  }
  return previous[b.length];
}

/**
 * The known name nearest to `name`, when it is near enough to be a misspelling (at most a third
 * of its letters off, and at least 2 allowed); undefined otherwise.
 * @example
 * closestName('timeoutMS', ['timeoutMs', 'strict']); // 'timeoutMs'
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const limit = Math.max(2, Math.floor(name.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (d <= limit && (!best || d < best.distance)) best = { name: candidate, distance: d };
  }
  return best?.name;
}

/**
 * `known`, nearest to `name` first (by edit distance, case ignored; equally near names keep their
 * order): what to list when there are too many names to list them all.
 * @example
 * byNearness('get_wether', ['quote', 'get_weather', 'get_news']); // ['get_weather', 'get_news', 'quote']
 */
export function byNearness(name: string, known: readonly string[]): string[] {
  const lower = name.toLowerCase();
  return known
    .map((candidate, index) => ({ candidate, index, d: distance(lower, candidate.toLowerCase()) }))
    .sort((a, b) => a.d - b.d || a.index - b.index)
    .map(({ candidate }) => candidate);
}
