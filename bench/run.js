#!/usr/bin/env node
/**
 * `npm run bench [-- filter]`: finds `bench/**\/*.bench.ts` (those whose path contains the
 * filter, if given), runs each in its own node process under ts-node (transpile-only, which
 * still emits decorator metadata with the repo tsconfig), prints a table per result and a
 * final line per target. Benchmarks inform and tests gate: a missed target still exits 0;
 * a bench that crashes exits 1. `node bench/run.js --child <file>` runs one bench in this
 * process and prints its results as JSON (e.g. under `node --cpu-prof`).
 */
const { fork } = require('node:child_process');
const { readdirSync } = require('node:fs');
const { join, relative, resolve } = require('node:path');

const ROOT = join(__dirname, '..');

/** Every `*.bench.ts` under `dir`, sorted. */
function findBenches(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') found.push(...findBenches(path));
    else if (entry.isFile() && entry.name.endsWith('.bench.ts')) found.push(path);
  }
  return found.sort();
}

/** Runs one bench file in this process (the child side). */
function runChild(file) {
  require('ts-node').register({ project: join(ROOT, 'tsconfig.json'), transpileOnly: true });
  const bench = require(file);
  Promise.resolve()
    .then(() => bench.run())
    .then(
      (results) => {
        if (process.send) process.send({ results }, () => process.exit(0));
        else console.log(JSON.stringify(results, null, 2));
      },
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
}

/** Runs one bench file in a child process; resolves its results, or an error text. */
function runInChild(file) {
  return new Promise((resolve) => {
    let results;
    const child = fork(join(__dirname, 'run.js'), ['--child', file], { stdio: 'inherit' });
    child.on('message', (message) => (results = message.results));
    child.on('exit', (code, signal) => {
      if (code === 0 && Array.isArray(results)) resolve({ results });
      else resolve({ error: `exited with ${signal ?? `code ${code}`}` });
    });
  });
}

function printTable(label, result) {
  console.log(`\n${label} › ${result.name}`);
  const rows = Object.entries(result.figures).map(([key, value]) => [key, String(value)]);
  if (result.target) rows.push(['target', `${result.target}: ${result.ok ? 'met' : 'NOT met'}`]);
  const width = Math.max(...rows.map(([key]) => key.length));
  for (const [key, value] of rows) console.log(`  ${key.padEnd(width)}  ${value}`);
}

async function main(filters) {
  const benches = findBenches(__dirname).filter(
    (file) => filters.length === 0 || filters.some((f) => relative(__dirname, file).includes(f)),
  );
  if (benches.length === 0) {
    console.log(`No benchmarks${filters.length ? ` matching ${filters.join(' ')}` : ''}.`);
    return 0;
  }
  const targets = [];
  let crashed = 0;
  for (const file of benches) {
    const label = relative(__dirname, file);
    console.log(`running ${label} …`);
    const { results, error } = await runInChild(file);
    if (error) {
      crashed++;
      console.log(`\n${label}: CRASHED (${error})`);
      continue;
    }
    for (const result of results) {
      printTable(label, result);
      if (result.target)
        targets.push(
          `${result.ok ? 'met    ' : 'NOT met'}  ${label} › ${result.name}: ${result.target}`,
        );
    }
  }
  console.log('');
  for (const line of targets) console.log(line);
  if (crashed) console.log(`${crashed} benchmark(s) crashed`);
  return crashed ? 1 : 0;
}

if (process.argv[2] === '--child') runChild(resolve(process.argv[3]));
else main(process.argv.slice(2)).then((code) => (process.exitCode = code));
