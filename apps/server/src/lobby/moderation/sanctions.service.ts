/**
 * The mutes and bans in force (PROTOCOL §4.9, §2.4): loaded from the shared database at start, every
 * `SANCTIONS_REFRESH_SECONDS`, at once after a change made on this node, and when another node says (the
 * cluster bus) it made one. Checks compare each sanction's
 * end with the time of the check, so an expired one stops applying at once. After each load this node's
 * sockets of a banned identity or address are dropped.
 */
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Sanction } from '@four-banners/protocol';
import { CONFIG, type ServerConfig } from '../../common/config.js';
import { AppLogger } from '../../common/logger.js';
import { MetricsService } from '../../common/metrics.service.js';
import { ClusterBus } from '../../cluster/cluster-bus.js';
import { ModerationRepository } from '../../storage/moderation.repository.js';
import { LobbyHub } from '../core/lobby.hub.js';

/** An ISO time as people read it: "2026-11-25 10:00 UTC". */
export function readableTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** "until 2026-11-25 10:00 UTC" or "until lifted". */
function untilText(s: Sanction): string {
  return s.expiresAt === null ? 'until lifted' : `until ${readableTime(s.expiresAt)}`;
}

/** The socket data this service reads (set by the gateway's connection guard). */
interface SocketWho {
  readonly playerId?: string;
  readonly address?: string;
}

/** Sanctions by their target (`identity:<id>` or `address:<key>`), so a check costs one lookup, not a scan. */
type ByTarget = Map<string, Sanction[]>;

const targetKey = (s: Sanction) =>
  'identity' in s.target ? `identity:${s.target.identity}` : `address:${s.target.address}`;

function byTarget(sanctions: readonly Sanction[]): ByTarget {
  const map: ByTarget = new Map();
  for (const s of sanctions) {
    const key = targetKey(s);
    const list = map.get(key);
    if (list) list.push(s);
    else map.set(key, [s]);
  }
  return map;
}

@Injectable()
export class SanctionsService implements OnModuleInit, OnModuleDestroy {
  private bans: ByTarget = new Map();
  private mutes: ByTarget = new Map();
  private timer: NodeJS.Timeout | null = null;
  private loading: Promise<void> | null = null;

  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(ModerationRepository) private readonly repo: ModerationRepository,
    @Inject(MetricsService) private readonly metrics: MetricsService,
    @Inject(LobbyHub) private readonly hub: LobbyHub,
    @Inject(AppLogger) private readonly logger: AppLogger,
    @Inject(ClusterBus) private readonly bus: ClusterBus,
  ) {
    bus.on('sanctions-noticed', () => {
      this.refresh().catch((e: unknown) => this.logger.error('sanctions-refresh-failed', { error: String(e) }));
    });
  }

  async onModuleInit(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => {
      this.refresh().catch((e: unknown) => this.logger.error('sanctions-refresh-failed', { error: String(e) }));
    }, this.config.sanctionsRefreshMs);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** After a change made on this node: loads the sanctions now and tells the other nodes to. */
  async changed(): Promise<void> {
    await this.refresh();
    this.bus.sanctionsChanged();
  }

  /** Loads the sanctions in force (one load at a time: a call during a load waits for a fresh one). */
  async refresh(): Promise<void> {
    while (this.loading !== null) await this.loading;
    this.loading = this.load().finally(() => {
      this.loading = null;
    });
    await this.loading;
  }

  private async load(): Promise<void> {
    const active = await this.repo.activeSanctions(new Date().toISOString());
    const bans = active.filter((s) => s.kind === 'ban');
    const mutes = active.filter((s) => s.kind === 'mute');
    this.bans = byTarget(bans);
    this.mutes = byTarget(mutes);
    this.metrics.moderationLoaded(mutes.length, bans.length, await this.repo.countOpenReports());
    this.dropBanned();
  }

  /** The ban in force on an identity, if any. */
  bannedIdentity(playerId: string, now = Date.now()): Sanction | undefined {
    return this.bans.get(`identity:${playerId}`)?.find((s) => inForce(s, now));
  }

  /** The ban in force on an address (as `addressKey` keys it), if any. */
  bannedAddress(address: string, now = Date.now()): Sanction | undefined {
    return this.bans.get(`address:${address}`)?.find((s) => inForce(s, now));
  }

  /** Why a connection of `playerId` from `address` is refused (PROTOCOL §2.4), or null. */
  banMessage(playerId: string | null, address: string): string | null {
    const ban = (playerId === null ? undefined : this.bannedIdentity(playerId)) ?? this.bannedAddress(address);
    return ban ? `You are banned ${untilText(ban)}: ${ban.reason}` : null;
  }

  /** The mute in force on the person's chat in the lobby (a lobby mute or one everywhere), the longest first. */
  muteOf(playerId: string, lobbyId: string, now = Date.now()): Sanction | undefined {
    const applying = (this.mutes.get(`identity:${playerId}`) ?? []).filter(
      (s) => (s.lobbyId === null || s.lobbyId === lobbyId) && inForce(s, now),
    );
    return applying.sort((a, b) => endOf(b) - endOf(a))[0];
  }

  /** The end of the mute on the person's chat in the lobby (ISO), or null. */
  mutedUntil(playerId: string, lobbyId: string): string | null {
    return this.muteOf(playerId, lobbyId)?.expiresAt ?? null;
  }

  /** The `muted` refusal's message (PROTOCOL §3.4), or null when the person may chat there. */
  muteMessage(playerId: string, lobbyId: string): string | null {
    const mute = this.muteOf(playerId, lobbyId);
    return mute ? `You are muted ${untilText(mute)}: ${mute.reason}` : null;
  }

  /** Drops this node's connections of banned identities and addresses. */
  private dropBanned(): void {
    if (this.bans.size === 0) return;
    for (const socket of [...this.hub.allSockets()]) {
      const who = socket.data as SocketWho;
      const banned =
        (who.playerId !== undefined && this.bannedIdentity(who.playerId)) ||
        (who.address !== undefined && this.bannedAddress(who.address));
      if (!banned) continue;
      this.metrics.bannedConnection();
      this.logger.info('banned-connection-dropped', { player: who.playerId, sanction: banned.id });
      socket.disconnect(true);
    }
  }
}

function inForce(s: Sanction, now: number): boolean {
  return s.liftedAt === null && (s.expiresAt === null || Date.parse(s.expiresAt) > now);
}

/** A sanction's end in ms (until lifted: the farthest). */
function endOf(s: Sanction): number {
  return s.expiresAt === null ? Number.POSITIVE_INFINITY : Date.parse(s.expiresAt);
}
