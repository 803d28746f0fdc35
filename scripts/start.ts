// `pnpm start`: build the web app when it is missing or older than its sources, then serve
// everything on one port with the embedded defaults (PGlite, in-process jobs) unless told otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');

function newestMtime(entry: string): number {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

function webIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const sources = ['src', 'index.html', 'vite.config.ts', 'public', '../../packages/shared/src']
    .map((p) => path.join(web, p))
    .filter(existsSync);
  return Math.max(...sources.map(newestMtime)) > statSync(builtIndex).mtimeMs;
}

if (webIsStale()) {
  process.stdout.write('Building the web app (first start or sources changed)...\n');
  const result = spawnSync('pnpm', ['--filter', '@app/web', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.LOG_PRETTY ??= process.stdout.isTTY ? 'true' : 'false';
const { run } = await import('../apps/api/src/main.ts');
await run(['serve', ...process.argv.slice(2)]);
