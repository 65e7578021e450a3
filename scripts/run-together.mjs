// Runs npm scripts side by side, as many at once as the machine has cores, in the order given (the
// longest first), and fails when any of them fails: `npm test` runs the linters, the type check and
// the build this way (docs/decisions.md "Tests"). Each script's output is held and printed whole when
// it ends, so the logs do not interleave.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/run-together.mjs <npm script>...');
  process.exit(2);
}

function run(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    process.stdout.write(`── npm run ${name}: started\n`);
    const child = spawn('npm', ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const status = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n── npm run ${name}: ${status} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

// One slot per core (two at least: the type check and ESLint are one thread each).
const slots = Math.min(Math.max(2, availableParallelism()), names.length);
const queue = [...names];
const results = [];
await Promise.all(
  Array.from({ length: slots }, async () => {
    for (let name = queue.shift(); name; name = queue.shift()) results.push(await run(name));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
