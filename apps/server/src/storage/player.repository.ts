/** Player identities (ARCHITECTURE §5.4 `players`): id, hashed token, name, the open lobby they sit in. */

export interface PlayerRow {
  readonly id: string;
  readonly tokenHash: string;
  readonly name: string;
  readonly createdAt: string;
  /** The open lobby the player sits in (null: none). */
  readonly lobbyId: string | null;
}

/** The identities, whichever database holds them (an abstract class, so it is also the injection token). */
export abstract class PlayerRepository {
  abstract create(id: string, tokenHash: string, createdAt: string): Promise<void>;

  abstract find(id: string): Promise<PlayerRow | undefined>;
}
