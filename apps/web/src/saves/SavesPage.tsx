/**
 * Saves: save the current game, list saves (name, date, turn, countries), load, watch as a replay,
 * delete, export, import; and open any save file as a replay (file chooser or a drop on the page).
 */
import { Alert, Button, Card, FileButton, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
// Mantine's styles for Card (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type DragEvent } from 'react';
import { countryLabel } from '../art/art';
import { EmblemDot } from '../art/Emblem';
import { useSession } from '../game/session-store';
import { openReplayFile } from './local-file';
import { saveKeys, savesQueryOptions } from './queries';
import { deleteSave, getSave, putSave, type SaveSummary } from './save-db';
import { importSaveText, saveFileName, toSaveFile } from './save-file';
import { useReplaceGameGuard } from './ReplaceGameDialog';
import { defaultSaveName, loadSave, saveSession } from './save-session';

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function SaveRow({
  save,
  onLoad,
  onDelete,
  onExport,
}: {
  save: SaveSummary;
  onLoad: () => void;
  onDelete: () => void;
  onExport: () => void;
}) {
  return (
    <Card withBorder radius="lg" p="md" data-testid="save-row" data-save-id={save.id}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={700} truncate>
            {save.name}
          </Text>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {new Date(save.savedAt).toLocaleString()} · turn {save.turn}
            </Text>
            <Group gap={4} aria-label={`Countries: ${save.countries.map(countryLabel).join(', ')}`}>
              {save.countries.map((c) => (
                <EmblemDot key={c} country={c} size={16} />
              ))}
            </Group>
          </Group>
        </Stack>
        <Group gap="xs">
          <Button onClick={onLoad} data-testid="load-save">
            Load
          </Button>
          <Button
            renderRoot={(props) => <Link {...props} to="/replay/local/save/$saveId" params={{ saveId: save.id }} />}
            variant="light"
            data-testid="watch-save"
          >
            Watch replay
          </Button>
          <Button variant="default" onClick={onExport}>
            Export
          </Button>
          <Button variant="subtle" color="red" onClick={onDelete}>
            Delete
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

export function SavesPage() {
  const { data: saves } = useSuspenseQuery(savesQueryOptions());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { session, snap } = useSession();
  const [name, setName] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [deleting, setDeleting] = useState<SaveSummary | null>(null);
  const [dragging, setDragging] = useState(false);
  const replaceGuard = useReplaceGameGuard();

  const saveCurrent = useMutation({
    mutationFn: () => saveSession(session!, queryClient, name),
    onSuccess: (r) => {
      setName('');
      setMessage({ ok: true, text: `Saved “${r.name}”.` });
    },
    onError: (e) => setMessage({ ok: false, text: e instanceof Error ? e.message : 'Saving failed.' }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteSave(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: saveKeys.all }),
  });

  const openSave = async (id: string) => {
    try {
      await loadSave(id);
      await navigate({ to: '/game' });
    } catch (e) {
      setMessage({ ok: false, text: e instanceof Error ? e.message : 'That save could not be loaded.' });
    }
  };
  // A game in progress that loading would lose is offered a save first.
  const load = (save: SaveSummary) =>
    replaceGuard.guard({ kind: 'load', name: save.name, saveId: save.id }, () => openSave(save.id));
  const exportSave = async (id: string) => {
    const record = await getSave(id);
    if (record) download(saveFileName(record), JSON.stringify(toSaveFile(record)));
  };
  const importFile = async (file: File | null) => {
    if (!file) return;
    const result = importSaveText(await file.text(), file.name.replace(/\.json$/i, ''));
    if (!result.ok) {
      setMessage({ ok: false, text: result.message });
      return;
    }
    await putSave(result.record);
    await queryClient.invalidateQueries({ queryKey: saveKeys.all });
    setMessage({ ok: true, text: `Imported “${result.record.name}”.` });
  };

  // Any save file can be watched without importing it: it is read into memory and opened as a replay.
  const watchFile = async (file: File | null) => {
    if (!file) return;
    await openReplayFile(file);
    await navigate({ to: '/replay/local/file' });
  };
  const carriesFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');
  const dropZone = {
    onDragOver: (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
      setDragging(true);
    },
    onDragLeave: (e: DragEvent) => {
      // Leaving for a child of the page is not leaving the page.
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      setDragging(false);
      void watchFile(e.dataTransfer.files[0] ?? null);
    },
  };

  return (
    <Stack gap="lg" {...dropZone} data-testid="saves-drop" data-dragging={dragging || undefined}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Saved games</Title>
          <Text c="dimmed">Kept in this browser. Export a save to keep it elsewhere.</Text>
        </div>
        <FileButton onChange={(f) => void importFile(f)} accept="application/json,.json">
          {(props) => (
            <Button variant="default" {...props} data-testid="import-save">
              Import from file
            </Button>
          )}
        </FileButton>
      </Group>
      <Paper
        withBorder
        radius="lg"
        p="md"
        data-testid="replay-drop"
        style={{ borderStyle: 'dashed', borderColor: dragging ? 'var(--mantine-primary-color-filled)' : undefined }}
      >
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text c="dimmed" size="sm" style={{ flex: '1 1 240px' }}>
            {dragging
              ? 'Drop the file to watch its replay.'
              : 'Watch any save file as a replay, without importing it: drop it on this page, or open it.'}
          </Text>
          <FileButton onChange={(f) => void watchFile(f)} accept="application/json,.json">
            {(props) => (
              <Button variant="light" {...props} data-testid="open-replay-file">
                Open a replay file
              </Button>
            )}
          </FileButton>
        </Group>
      </Paper>
      {message ? (
        <Alert
          color={message.ok ? 'green' : 'red'}
          variant="light"
          withCloseButton
          onClose={() => setMessage(null)}
          data-testid="saves-message"
        >
          {message.text}
        </Alert>
      ) : null}
      {session && snap && !session.online ? (
        <Card withBorder radius="lg" p="lg">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              saveCurrent.mutate();
            }}
          >
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                label="Save the current game"
                placeholder={defaultSaveName(session)}
                value={name}
                maxLength={80}
                onChange={(e) => setName(e.currentTarget.value)}
                style={{ flex: 1 }}
              />
              <Button type="submit" loading={saveCurrent.isPending} data-testid="save-current">
                Save
              </Button>
              <Button
                renderRoot={(props) => <Link {...props} to="/replay/local/current" search={{ from: 'saves' }} />}
                variant="light"
                data-testid="watch-current"
              >
                Watch replay
              </Button>
            </Group>
          </form>
        </Card>
      ) : null}
      {saves.length === 0 ? (
        <Card withBorder radius="lg" p="xl">
          <Text c="dimmed" ta="center">
            No saved games yet. Save from the game screen, or import a file.
          </Text>
        </Card>
      ) : (
        <Stack gap="sm">
          {saves.map((s) => (
            <SaveRow
              key={s.id}
              save={s}
              onLoad={() => void load(s)}
              onExport={() => void exportSave(s.id)}
              onDelete={() => setDeleting(s)}
            />
          ))}
        </Stack>
      )}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete save" size={360}>
        <Text>Delete “{deleting?.name}”? This cannot be undone.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDeleting(null)}>
            Keep
          </Button>
          <Button
            color="red"
            onClick={() => {
              if (deleting) remove.mutate(deleting.id);
              setDeleting(null);
            }}
          >
            Delete
          </Button>
        </Group>
      </Modal>
      {replaceGuard.dialog}
    </Stack>
  );
}
