/**
 * The web app as it was at commit f53c100, built once and kept in bench/.reference/ (ignored by
 * git): the browser scenario measures today's web app beside it in the same run, served by a
 * second process of today's server on the same database.
 *
 * Only the web app and the shared package of then are taken (`git archive`, which leaves the
 * repository's index and worktrees alone), unpacked inside the repository so that node finds the
 * root node_modules, and built with today's vite. Two links make the old sources resolve as they
 * did then: @tun/shared to the old shared package (the root's link points at today's), and
 * @vitejs to the web workspace's plugin, which is not hoisted to the root. The sources are
 * removed after the build; only its output stays, so linting and type checks never see them.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server';

export const REFERENCE_COMMIT = 'f53c100';
const REFERENCE_DIR = join(ROOT, 'bench/.reference');
const SOURCES = join(REFERENCE_DIR, `${REFERENCE_COMMIT}-src`);
const OUTPUT = join(REFERENCE_DIR, REFERENCE_COMMIT, 'dist');
/** Written last: a build that stopped half-way is made again. */
const DONE_MARKER = join(REFERENCE_DIR, REFERENCE_COMMIT, 'built-from');
const VITE = join(ROOT, 'node_modules/vite/bin/vite.js');

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(
            new Error(`${command} ${args.join(' ')} ended with ${code}:\n${output.join('').slice(-2000)}`),
          ),
    );
  });
}

/** The reference's dist folder (WEB_DIST for its server), built first if it is not there yet. */
export async function referenceWebDist(progress: (message: string) => void): Promise<string> {
  const commit = execFileSync('git', ['rev-parse', `${REFERENCE_COMMIT}^{commit}`], {
    cwd: ROOT,
    encoding: 'utf8',
  }).trim();
  if (existsSync(DONE_MARKER) && readFileSync(DONE_MARKER, 'utf8').trim() === commit) return OUTPUT;

  progress(`building the reference web app (${REFERENCE_COMMIT}) once, into ${OUTPUT}…`);
  rmSync(SOURCES, { recursive: true, force: true });
  rmSync(DONE_MARKER, { force: true });
  mkdirSync(SOURCES, { recursive: true });
  try {
    // tsconfig.base.json: the old tsconfigs extend it, and vite's transform reads them.
    const archive = execFileSync(
      'git',
      ['archive', '--format=tar', commit, 'apps/web', 'packages/shared', 'tsconfig.base.json'],
      { cwd: ROOT, maxBuffer: 256 * 2 ** 20 },
    );
    execFileSync('tar', ['-x', '-C', SOURCES], { input: archive });
    mkdirSync(join(SOURCES, 'node_modules/@tun'), { recursive: true });
    symlinkSync('../../packages/shared', join(SOURCES, 'node_modules/@tun/shared'));
    symlinkSync(join(ROOT, 'apps/web/node_modules/@vitejs'), join(SOURCES, 'node_modules/@vitejs'));
    await run(
      process.execPath,
      [VITE, 'build', '-c', join(SOURCES, 'apps/web/vite.config.ts'), '--outDir', OUTPUT, '--emptyOutDir'],
      SOURCES,
    );
    if (!existsSync(join(OUTPUT, 'index.html')))
      throw new Error(`the reference build wrote no ${OUTPUT}/index.html`);
    writeFileSync(DONE_MARKER, `${commit}\n`);
    return OUTPUT;
  } finally {
    rmSync(SOURCES, { recursive: true, force: true });
  }
}
