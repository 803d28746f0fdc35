// The faults, one entry each: what happens when a share of the scenario's messages has been sent. Each ends with
// the system whole again (a new worker, a new API process, Postgres and Redis back, the receiver up).
import { kill } from './processes.ts';
import { replaceServe, replaceWorker, type World } from './setup.ts';
import { sleep, within } from './infra.ts';
import type { Target } from './judge.ts';

export type Scenario = {
  key: string;
  name: string;
  /** The webhook targets whose deliveries are counted. */
  targets: Target[];
  /** The share of the messages sent before the fault starts. */
  at: number;
  /** Breaks something and brings it back; answers what happened, for the scenario's line. */
  fault: (world: World) => Promise<string>;
};

const since = (start: number) => `${((Date.now() - start) / 1000).toFixed(1)} s`;

const BOTH: Target[] = ['account', 'inbox'];

export const SCENARIOS: Scenario[] = [
  {
    key: 'worker',
    name: 'worker SIGKILL',
    targets: BOTH,
    at: 0.4,
    // killed while the receiver holds one of its requests: that delivery's claim comes due after its lease
    fault: async (world) => {
      const doomed = world.worker;
      let hooked = false;
      world.receiver.holdNext(() => (hooked = true));
      const held = await within(5_000, () => hooked, 20);
      world.receiver.holdNext(undefined);
      await kill(doomed);
      const killed = Date.now();
      await replaceWorker(world, 'worker-2');
      return `killed ${held ? 'with a delivery held unanswered' : 'without a delivery in flight (none came within 5 s)'}; worker-2 up ${since(killed)} later`;
    },
  },
  {
    key: 'api',
    name: 'API SIGKILL',
    targets: BOTH,
    at: 0.4,
    // the first API process dies with requests in flight and the socket on it; a new one takes its port
    fault: async (world) => {
      await kill(world.serve[0]!);
      const killed = Date.now();
      await replaceServe(world, 0, 'serve-a2');
      return `serve-a killed; serve-a2 up on its port ${since(killed)} later`;
    },
  },
  {
    key: 'postgres',
    name: 'Postgres restart',
    targets: BOTH,
    at: 0.4,
    fault: async (world) => {
      const start = Date.now();
      await world.pg.restart('fast');
      return `restarted in ${since(start)}`;
    },
  },
  {
    key: 'receiver',
    name: 'webhook receiver down',
    targets: BOTH,
    at: 0.4,
    // refused connections, then 500s, then up: every delivery of the outage needs its retries
    fault: async (world) => {
      await world.receiver.refuse();
      await sleep(750);
      await world.receiver.serve('error');
      await sleep(750);
      await world.receiver.serve('up');
      return 'refused 0.75 s, answered 500 for 0.75 s';
    },
  },
  {
    key: 'redis',
    name: 'Redis restarted empty',
    targets: BOTH,
    // early and short, so that even 150 messages leave a third of them for the empty Redis (new seqs, schedules)
    at: 0.2,
    fault: async (world) => {
      await world.redis.kill();
      await sleep(750);
      const start = Date.now();
      await world.redis.start();
      return `down 0.75 s, back empty after ${since(start)} more`;
    },
  },
];
