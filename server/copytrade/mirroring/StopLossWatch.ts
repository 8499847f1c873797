/**
 * What the copy stop-loss check reads: the guarded follows (`CopyRepository.guardedFollows`) and
 * the parts of their copy P&L (`FollowViews.copyPnlParts`), kept between the minute's checks and
 * read again only when something they are made of may have changed. Between changes a follow's
 * P&L moves only with the marks, so the minute's check is arithmetic on the marks of its open
 * copies, with no read.
 *
 * What changes them, and tells the watch (`changed`), after its commit: a futures position that
 * opens, closes or changes (the futures service's change listener: a copy opened, closed by
 * anyone, an overnight fee, a margin change), and a follow made, edited or cancelled. Those are
 * heard on the node that made them; with other nodes on the bus (`reloadEvery`) the watch reads
 * at every check, and a node alone reads hourly besides, as a net for a change nobody announced.
 * A change heard while a read is under way makes the next check read again (the generation the
 * read started at is what it keeps).
 */
import type { Clock } from '../../clock';
import type { ClusterBus } from '../../platform/cluster/ClusterBus';
import { reloadEvery } from '../../platform/reloadEvery';
import type { CopyRepository, FollowRow } from '../CopyRepository';
import type { CopyPnl, CopyPnlParts, FollowViews } from '../follows/FollowViews';

export class StopLossWatch {
  /** Bumped by every change heard; a read keeps the value it started at. */
  private generation = 0;
  private kept: { generation: number; at: number; follows: { follow: FollowRow; parts: CopyPnlParts }[] } | null = null;

  constructor(
    private readonly deps: {
      clock: Clock;
      bus: Pick<ClusterBus, 'shared'>;
      repo: CopyRepository;
      views: FollowViews;
    },
  ) {}

  /** Something a guarded follow's P&L is made of may have changed (told after its commit). */
  changed(): void {
    this.generation++;
  }

  /** Every guarded follow with its copy P&L at the current marks; `fresh` reads them whatever was heard. */
  async follows(fresh = false): Promise<{ follow: FollowRow; pnl: CopyPnl }[]> {
    const now = this.deps.clock.now();
    const kept = this.kept;
    // With other nodes, every check reads (`reloadEvery` is then 0); alone, hourly besides.
    const stale = fresh || !kept || kept.generation !== this.generation || now - kept.at >= reloadEvery(this.deps.bus, 0);
    const follows = stale ? await this.read(now) : kept.follows;
    return follows.map(({ follow, parts }) => ({ follow, pnl: this.deps.views.pnlAtMarks(parts) }));
  }

  private async read(now: number): Promise<{ follow: FollowRow; parts: CopyPnlParts }[]> {
    const generation = this.generation;
    const guarded = await this.deps.repo.guardedFollows();
    const parts = await this.deps.views.copyPnlParts(guarded.map((f) => f.id));
    const follows = guarded.map((follow) => ({ follow, parts: parts.get(follow.id)! }));
    this.kept = { generation, at: now, follows };
    return follows;
  }
}
