/** The bench's side of the honest players (honest-probe.ts, a child process): start, mark, collect, stop. */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HonestStats, ProbeReply, ProbeRequest } from './honest-probe.js';
import { SERVER_ROOT, track } from './server-process.js';

export type { HonestStats } from './honest-probe.js';

const here = dirname(fileURLToPath(import.meta.url));

export class HonestPlayers {
  private waiting: ((m: ProbeReply) => void) | null = null;

  /** The honest players' lobby (left out of the attackers' event counts). */
  lobbyId = '';

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (m: ProbeReply) => {
      const w = this.waiting;
      this.waiting = null;
      w?.(m);
    });
  }

  /** Starts the two honest players on `url` and waits until their game is running. */
  static async start(url: string): Promise<HonestPlayers> {
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', join(here, 'honest-probe.ts'), url],
      {
        cwd: SERVER_ROOT,
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    track(child);
    const probe = new HonestPlayers(child);
    const first = await probe.next(60_000);
    if (first.type !== 'ready')
      throw new Error(`honest players could not start: ${first.type === 'error' ? first.message : first.type}`);
    probe.lobbyId = first.lobbyId;
    return probe;
  }

  /** Starts a measured window (earlier samples are dropped). */
  mark(): void {
    this.post({ type: 'mark' });
  }

  /** Ends the window and returns its figures. */
  async collect(): Promise<HonestStats> {
    this.post({ type: 'collect' });
    const m = await this.next(30_000);
    if (m.type !== 'stats') throw new Error(`honest players: expected stats, got ${m.type}`);
    return m.stats;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const gone = new Promise<void>((res) => this.child.once('exit', () => res()));
    this.post({ type: 'stop' });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 3000);
    await gone;
    clearTimeout(timer);
  }

  private post(m: ProbeRequest): void {
    if (this.child.connected) this.child.send(m);
  }

  private next(timeoutMs: number): Promise<ProbeReply> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('honest players did not answer')), timeoutMs);
      const onExit = (code: number | null) => reject(new Error(`honest players exited with ${code}`));
      this.child.once('exit', onExit);
      this.waiting = (m) => {
        clearTimeout(timer);
        this.child.off('exit', onExit);
        resolve(m);
      };
    });
  }
}
