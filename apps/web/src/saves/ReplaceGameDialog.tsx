/**
 * Asks before a save or a new game replaces the offline game in progress: save it first (under a
 * default name), replace it, or cancel. Without a game to lose the action goes straight through.
 */
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { sessionStore } from '../game/session-store';
import { startOfflineGame } from '../game/setup-store';
import { gameAtRisk, replaceMessage, type Replacement } from './replace-game';
import { getSave } from './save-db';
import { saveSession } from './save-session';

interface Pending {
  readonly message: string;
  readonly proceed: () => Promise<void> | void;
}

/** The logs already kept elsewhere: the save about to be loaded and the save the game was last saved to. */
async function keptLogs(loadingId: string | null) {
  const ids = [loadingId, sessionStore.get()?.saveId ?? null].filter((id): id is string => id !== null);
  const records = await Promise.all(ids.map((id) => getSave(id).catch(() => undefined)));
  return records.flatMap((r) => (r ? [r.events] : []));
}

/**
 * `guard(replacement, proceed)` runs `proceed` at once when no game would be lost, else after the
 * player's answer; render `dialog` once in the component.
 */
export function useReplaceGameGuard(): {
  guard: (
    replacement: Replacement & { readonly saveId?: string },
    proceed: () => Promise<void> | void,
  ) => Promise<void>;
  dialog: ReactNode;
} {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const guard = async (
    replacement: Replacement & { readonly saveId?: string },
    proceed: () => Promise<void> | void,
  ) => {
    const kept = await keptLogs(replacement.kind === 'load' ? (replacement.saveId ?? null) : null);
    const risk = gameAtRisk(sessionStore.get(), kept);
    if (!risk) {
      await proceed();
      return;
    }
    setError(null);
    setPending({ message: replaceMessage(risk, replacement), proceed });
  };

  const close = () => {
    setPending(null);
    setError(null);
  };
  const replace = async () => {
    const next = pending;
    close();
    await next?.proceed();
  };
  const saveFirst = async () => {
    const session = sessionStore.get();
    setSaving(true);
    try {
      if (session) await saveSession(session, queryClient);
    } catch (e) {
      // Nothing is replaced when the game could not be kept.
      setError(e instanceof Error ? e.message : 'Saving failed.');
      return;
    } finally {
      setSaving(false);
    }
    await replace();
  };

  const dialog = (
    <Modal
      opened={pending !== null}
      onClose={close}
      title="Replace the game in progress?"
      size="md"
      data-testid="replace-game-dialog"
    >
      <Text size="lg" fw={600} data-testid="replace-game-message">
        {pending?.message}
      </Text>
      {error ? (
        <Alert color="red" variant="light" mt="md">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button variant="light" color="red" onClick={() => void replace()} disabled={saving}>
          Replace it
        </Button>
        <Button onClick={() => void saveFirst()} loading={saving} data-autofocus>
          Save it first
        </Button>
      </Group>
    </Modal>
  );
  return { guard, dialog };
}

/**
 * `start()` begins a new offline game from the lobby's setup and opens it, once the player has said what
 * becomes of a game in progress; render `dialog` once in the component.
 */
export function useStartOfflineGame(): { start: () => void; dialog: ReactNode } {
  const navigate = useNavigate();
  const { guard, dialog } = useReplaceGameGuard();
  const start = () =>
    void guard({ kind: 'new' }, () => {
      startOfflineGame();
      void navigate({ to: '/game' });
    });
  return { start, dialog };
}
