// `node --experimental-strip-types bench/cpu-profile-top.ts FILE.cpuprofile [N] [FROM-TO]`: self time of a V8 CPU
// profile aggregated by function (name, file and line) and by file, the top N of each (default 40). FROM-TO (seconds
// since the profile began, `12-27`) keeps that window alone: a server's steady load without its start-up.
import { readFileSync } from 'node:fs';
import { say } from './harness.ts';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] };
type Profile = { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

const [file, top = '40', window] = process.argv.slice(2);
if (!file) throw new Error('usage: cpu-profile-top.ts FILE.cpuprofile [N] [FROM-TO]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const [from, to] = window ? window.split('-').map((s) => Number(s) * 1e6) : [0, Infinity];
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
let at = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  if (at >= from! && at <= to!) self.set(id, (self.get(id) ?? 0) + delta);
});
say(`profile of ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s${window ? `, window ${window} s` : ''}`);
const total = [...self.values()].reduce((a, b) => a + b, 0);
const short = (url: string) => url.replace(/^file:\/\//, '').replace(/.*\/node_modules\/\.pnpm\/[^/]+\/node_modules\//, '').replace(/.*\/(apps|packages|bench)\//, '$1/');
const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
for (const [id, us] of self) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const where = short(url) || '(native)';
  byFunction.set(`${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`, (byFunction.get(`${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`) ?? 0) + us);
  const pkg = where.includes('/') ? where.split('/').slice(0, where.startsWith('apps/') || where.startsWith('packages/') ? 5 : 1).join('/') : where;
  byFile.set(pkg, (byFile.get(pkg) ?? 0) + us);
}
const print = (title: string, map: Map<string, number>) => {
  say(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) say(`${((us / total) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`);
};
print('self time by function', byFunction);
print('self time by file or package', byFile);

// inclusive time of the project's own functions (apps/, packages/): a function's samples and its callees', counted
// once per sample however often it recurs on the stack
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const inclusive = new Map<string, number>();
for (const [id, us] of self) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
    const where = short(url);
    if (!/^(apps|packages)\//.test(where)) continue;
    const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + us);
  }
}
print('inclusive time of the project\'s functions', inclusive);
