// `npm start`: builds what is missing or out of date, then runs the server (which migrates the
// database and serves http://localhost:3000). `npm run demo` passes --demo.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.parentPath.includes('node_modules') || entry.parentPath.includes('dist'))
      continue;
    latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

function outOfDate(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((dir) => newest(join(root, dir)) > built);
}

function build(workspace) {
  console.log(`Building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (
  outOfDate(join(root, 'apps/web/dist/index.html'), [
    'apps/web/src',
    'apps/web/public',
    'packages/shared/src',
  ])
) {
  build('@tun/web');
}
if (outOfDate(join(root, 'apps/server/dist/main.js'), ['apps/server/src', 'packages/shared/src'])) {
  build('@tun/server');
}

// The heap and malloc settings the server is measured with (bench/server.ts reads the same file):
// Node sizes its heap for the machine, not for a server that needs ~60 MB; see
// docs/decisions/030-memory.md.
const runtime = JSON.parse(readFileSync(join(root, 'scripts/server-process.json'), 'utf8'));
const server = spawn(
  process.execPath,
  [
    ...runtime.nodeFlags,
    '--enable-source-maps',
    join(root, 'apps/server/dist/main.js'),
    ...process.argv.slice(2),
  ],
  {
    cwd: root,
    env: { ...runtime.env, ...process.env },
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
