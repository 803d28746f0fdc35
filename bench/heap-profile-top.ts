// `node --experimental-strip-types bench/heap-profile-top.ts FILE.heapprofile [N]`: what a V8 sampling heap profile
// (HeapProfiler.startSampling, collected objects included: bench/list-cpu.ts BENCH_HEAP_PROFILE) allocated, summed by
// the allocating function (self) and by the project's functions with what they call (inclusive), the top N of each
// (default 30).
import { readFileSync } from 'node:fs';
import { say } from './harness.ts';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: Node[] };
type Profile = { head: Node; samples: { size: number; nodeId: number }[] };

const [file, top = '30'] = process.argv.slice(2);
if (!file) throw new Error('usage: heap-profile-top.ts FILE.heapprofile [N]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const short = (url: string) => url.replace(/^file:\/\//, '').replace(/.*\/node_modules\/\.pnpm\/[^/]+\/node_modules\//, '').replace(/.*\/(apps|packages|bench)\//, '$1/');
const label = (node: Node) => `${node.callFrame.functionName || '(anonymous)'} ${short(node.callFrame.url) || '(native)'}:${node.callFrame.lineNumber + 1}`;
const own = (url: string) => /\/(apps|packages)\//.test(url) && !url.includes('node_modules');

const selfBytes = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
/** Walks the tree; `open` holds the project functions on the stack, each counted once however deep it recurses. */
function walk(node: Node, open: Set<string>): number {
  const key = label(node);
  selfBytes.set(key, (selfBytes.get(key) ?? 0) + node.selfSize);
  total += node.selfSize;
  const mine = own(node.callFrame.url) && !open.has(key);
  if (mine) open.add(key);
  let sum = node.selfSize;
  for (const child of node.children) sum += walk(child, open);
  if (mine) {
    open.delete(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + sum);
  }
  return sum;
}
walk(profile.head, new Set());
const print = (title: string, map: Map<string, number>) => {
  say(`\n${title} (of ${(total / 1024 / 1024).toFixed(1)} MB sampled)`);
  for (const [key, bytes] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) {
    say(`${((bytes / total) * 100).toFixed(1).padStart(5)} %  ${(bytes / 1024 / 1024).toFixed(1).padStart(7)} MB  ${key}`);
  }
};
print('allocated by function (self)', selfBytes);
print("allocated under the project's functions (inclusive)", inclusive);
