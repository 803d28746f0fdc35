// The JavaScript each screen needs, gzip, from a Vite build's manifest: a chunk counts with every chunk it imports
// statically (what the browser fetches before the screen can run); lazy imports are the next screen's.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
export type Manifest = Record<string, ManifestChunk>;

const WEB = path.resolve(import.meta.dirname, '../../apps/web');

/** `vite build --manifest` of apps/web into `outDir` (the app's own dist/ is left alone). */
export function buildWithManifest(outDir: string): Manifest {
  const vite = path.join(WEB, 'node_modules/.bin/vite');
  execFileSync(vite, ['build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], { cwd: WEB, stdio: ['ignore', 'ignore', 'inherit'] });
  const file = path.join(outDir, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`no manifest at ${file}`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

const gzipBytes = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The chunk keys loaded before `key` can run: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

export type Sizes = { js: number; css: number; files: string[] };

/** Gzip bytes of the JS (and CSS) files of a set of chunk keys. */
export function sizeOf(manifest: Manifest, outDir: string, keys: Iterable<string>): Sizes {
  let js = 0;
  let css = 0;
  const files: string[] = [];
  const cssFiles = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    js += gzipBytes(path.join(outDir, chunk.file));
    files.push(chunk.file);
    for (const sheet of chunk.css ?? []) cssFiles.add(sheet);
  }
  for (const sheet of cssFiles) css += gzipBytes(path.join(outDir, sheet));
  return { js, css, files };
}

/** The key of the chunk built from `src` (a path under apps/web). */
export function chunkOf(manifest: Manifest, src: string): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.src === src || k === src);
  if (!key) throw new Error(`no chunk for ${src} in the manifest`);
  return key;
}

export const entryOf = (manifest: Manifest) => Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;

function groupOf(source: string): string {
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  if (pkg) return pkg;
  if (source.includes('packages/shared')) return '@app/shared';
  return /src\/(features\/[^/]+|app|lib|components)/.exec(source)?.[1] ?? 'other';
}

/**
 * The biggest contributors to one built file, by package (or by app folder), from its source map: the length of
 * each source's text as shipped is apportioned by its share of the mapped original sources. An estimate.
 */
export function topSources(outDir: string, file: string, count = 8): { name: string; share: number }[] {
  const map = JSON.parse(readFileSync(path.join(outDir, `${file}.map`), 'utf8')) as { sources: string[]; sourcesContent?: (string | null)[] };
  const totals = new Map<string, number>();
  map.sources.forEach((source, i) => {
    const size = map.sourcesContent?.[i]?.length ?? 0;
    const name = groupOf(source);
    totals.set(name, (totals.get(name) ?? 0) + size);
  });
  const all = [...totals.values()].reduce((a, b) => a + b, 0);
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, size]) => ({ name, share: size / all }));
}
