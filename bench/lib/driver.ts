/**
 * The load driver process (bench/loadDriver.ts), forked so the load generator's CPU is not the
 * server's event loop: a bench hands it one command at a time over IPC and waits for the answer.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Command } from '../loadDriver';

export interface Driver {
  run<A>(command: Command): Promise<A>;
  close(): void;
}

export async function startDriver(): Promise<Driver> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, '..', 'loadDriver.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`load driver exited (${code})`)));
  });
  return {
    run: <A>(command: Command) =>
      new Promise<A>((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`load driver exited (${code})`));
        child.once('exit', onExit);
        child.once('message', (m: { ok: boolean; answer?: A; error?: string }) => {
          child.off('exit', onExit);
          if (m.ok) resolve(m.answer!);
          else reject(new Error(m.error));
        });
        child.send(command);
      }),
    close: () => void child.kill(),
  };
}
