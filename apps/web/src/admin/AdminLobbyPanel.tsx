/**
 * The admin's side panel beside the replay viewer on /admin/lobby/$lobbyId (OPERATIONS §11.5): links to
 * watch and replay, export, the integrity check, following the tail, the people with their actions, the
 * chat with its text, the events around the position (a click moves the board) and the raw event.
 */
import type { LobbyEvent } from '@four-banners/engine';
import type { AdminLobbyDetail, VerifyReport } from '@four-banners/protocol';
import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Switch,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
// Mantine's styles for Code, Switch (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useMemo, useState } from 'react';
import { showToast } from '../app/toasts';
import { countryLabel } from '../art/art';
import type { FightView } from '../game/action-view';
import type { ActionSpec } from './ActionModal';
import { adminActions, downloadExport, errorWords } from './admin-api';
import { StatusBadge } from './AdminBits';
import { AdminSeats } from './AdminSeats';
import { eventLine, namesOf, removedChat } from './event-lines';

/** The event shown stays in sight in its list as the board moves (the list scrolls, never the page). */
function keepInSight(row: HTMLElement | null): void {
  const list = row?.closest('.mantine-ScrollArea-viewport');
  if (!row || !list) return;
  list.scrollTop += row.getBoundingClientRect().top - list.getBoundingClientRect().top - list.clientHeight / 2;
}

/** Events listed before and after the position. */
const AROUND = 30;

/**
 * One row of the fights or events list: its seq, then `children`; a click shows that moment. The row shown
 * is marked (`aria-current`) and kept in sight; `line` keeps it to one line.
 */
function SeqRow({
  seq: rowSeq,
  current,
  seek,
  testId,
  line = false,
  children,
}: {
  seq: number;
  current: number;
  seek: (seq: number) => void;
  testId: string;
  line?: boolean;
  children: ReactNode;
}) {
  const shown = rowSeq === current;
  return (
    <UnstyledButton
      ref={shown ? keepInSight : undefined}
      onClick={() => seek(rowSeq)}
      px={6}
      py={2}
      fz="xs"
      bg={shown ? 'var(--mantine-color-green-light)' : undefined}
      data-testid={testId}
      data-seq={rowSeq}
      aria-current={shown || undefined}
      style={line ? { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } : undefined}
    >
      <Text span ff="monospace" fz="xs" c="dimmed">
        {rowSeq}
      </Text>{' '}
      {children}
    </UnstyledButton>
  );
}

interface Props {
  readonly token: string;
  readonly detail: AdminLobbyDetail;
  readonly events: readonly LobbyEvent[];
  readonly seq: number;
  readonly seek: (seq: number) => void;
  /** Every fight of the log, in order. */
  readonly fights: readonly FightView[];
  readonly canModerate: boolean;
  readonly act: (spec: ActionSpec) => void;
  /** Set while the lobby is followed live. */
  readonly follow?: { readonly on: boolean; readonly set: (on: boolean) => void; readonly connected: boolean };
}

function VerifyResult({ report, seek }: { report: VerifyReport; seek: (seq: number) => void }) {
  if (report.consistent) {
    return (
      <Alert color="green" variant="light" title="Consistent" data-testid="admin-verify-result" data-consistent>
        {report.eventsChecked} events and {report.snapshotsChecked} snapshots
        {report.liveChecked ? ' and the live state' : ''} agree up to seq {report.seq}. Hash <Code>{report.hash}</Code>
      </Alert>
    );
  }
  const d = report.divergence;
  return (
    <Alert color="red" variant="light" title="Divergence" data-testid="admin-verify-result">
      {d ? (
        <Stack gap={4}>
          <Text size="sm">
            At seq {d.seq} ({d.source}):
          </Text>
          <Code block>{d.differences.join('\n')}</Code>
          <Button size="compact-xs" variant="light" onClick={() => seek(d.seq)} data-testid="admin-verify-jump">
            Show seq {d.seq}
          </Button>
        </Stack>
      ) : (
        'The log does not agree with itself.'
      )}
    </Alert>
  );
}

export function AdminLobbyPanel({ token, detail, events, seq, seek, fights, canModerate, act, follow }: Props) {
  const lobby = detail.lobby;
  const [raw, setRaw] = useState(false);
  const [verify, setVerify] = useState<VerifyReport | null>(null);
  const [checking, setChecking] = useState(false);
  const names = useMemo(() => namesOf(events), [events]);
  const removed = useMemo(() => removedChat(events), [events]);
  const chat = useMemo(() => events.filter((e) => e.kind === 'chat'), [events]);
  const lastSeq = events.at(-1)?.seq ?? 0;
  const index = events.findIndex((e) => e.seq === seq);
  const around = events.slice(Math.max(0, index - AROUND), index + AROUND + 1);
  const current = events[index];
  const open = lobby.adminStatus === 'waiting' || lobby.adminStatus === 'running';
  const { settings } = detail;

  const check = async () => {
    setChecking(true);
    try {
      setVerify(await adminActions.verify(token, lobby.id));
    } catch (e) {
      showToast(errorWords(e));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="admin-lobby-panel">
      <Group justify="space-between" gap={6}>
        <Code fz="sm">{lobby.id}</Code>
        <Group gap={6}>
          <StatusBadge status={lobby.adminStatus} />
          <Text size="xs" c="dimmed">
            {detail.watchers} watching
          </Text>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" data-testid="admin-lobby-settings">
        {detail.w}×{detail.h} · {settings.listed ? 'listed' : 'private'} · takeover bots {settings.botLevel} ·{' '}
        {settings.quick ? 'quick match' : 'by invite'} · created {new Date(lobby.createdAt).toLocaleString()}
      </Text>
      <Group gap={6}>
        {open ? (
          <Anchor
            size="sm"
            renderRoot={(props) => <Link {...props} to="/watch/$lobbyId" params={{ lobbyId: lobby.id }} />}
            data-testid="admin-watch-link"
          >
            Watch live
          </Anchor>
        ) : null}
        {lobby.startedAt ? (
          <Anchor
            size="sm"
            renderRoot={(props) => <Link {...props} to="/replay/$gameId" params={{ gameId: lobby.id }} />}
            data-testid="admin-replay-link"
          >
            Public replay
          </Anchor>
        ) : null}
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => void downloadExport(token, lobby.id).catch((e: unknown) => showToast(errorWords(e)))}
          data-testid="admin-export"
        >
          Export NDJSON
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={() => setRaw(true)} data-testid="admin-raw-open">
          Raw event
        </Anchor>
      </Group>
      <Group gap={6}>
        <Button size="xs" variant="light" loading={checking} onClick={() => void check()} data-testid="admin-verify">
          Check this log
        </Button>
        {canModerate && open ? (
          <Button
            size="xs"
            variant="light"
            color="red"
            data-testid="admin-close"
            onClick={() =>
              act({
                title: 'Close this lobby',
                what: 'The lobby closes for everyone in it; every player sees the reason.',
                confirm: 'Close the lobby',
                done: 'The lobby is closed.',
                run: ({ reason }) => adminActions.close(token, lobby.id, reason),
              })
            }
          >
            Close lobby…
          </Button>
        ) : null}
      </Group>
      {verify ? <VerifyResult report={verify} seek={seek} /> : null}
      {follow ? (
        <Group gap="xs" justify="space-between">
          <Switch
            label="Follow the tail"
            checked={follow.on}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              follow.set(on);
              // Following again starts at the newest event, not at the next one to arrive.
              if (on) seek(lastSeq);
            }}
            data-testid="admin-follow"
          />
          {!follow.connected ? (
            <Text size="xs" c="yellow">
              Reconnecting…
            </Text>
          ) : !follow.on && lastSeq > seq ? (
            <Button size="compact-xs" variant="light" onClick={() => seek(lastSeq)} data-testid="admin-new-events">
              {lastSeq - seq} new event{lastSeq - seq === 1 ? '' : 's'}
            </Button>
          ) : null}
        </Group>
      ) : null}

      <Title order={4}>People</Title>
      <AdminSeats token={token} detail={detail} canModerate={canModerate} act={act} />

      <Title order={4}>Chat</Title>
      <ScrollArea.Autosize mah={220} type="auto" viewportProps={{ tabIndex: 0, 'aria-label': 'Chat' }}>
        <Stack gap={2} data-testid="admin-chat">
          {chat.map((e) =>
            e.kind === 'chat' ? (
              <Group
                key={e.seq}
                gap={6}
                wrap="nowrap"
                align="flex-start"
                data-testid="admin-chat-line"
                data-seq={e.seq}
              >
                <UnstyledButton onClick={() => seek(e.seq)} title="Show this moment" fz="xs" c="dimmed" ff="monospace">
                  #{e.seq}
                </UnstyledButton>
                <Text size="sm" style={{ flex: 1, overflowWrap: 'anywhere' }}>
                  <b>{names.get(e.payload.playerId) ?? e.payload.playerId.slice(0, 8)}</b>:{' '}
                  {removed.has(e.seq) || !e.payload.msg ? <i>(removed)</i> : e.payload.msg}
                </Text>
                {canModerate && !removed.has(e.seq) && e.payload.msg ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    data-testid="admin-remove-chat"
                    onClick={() =>
                      act({
                        title: 'Remove this message',
                        what: `"${e.payload.msg}" reads as removed from now on, for everyone and in every replay and export.`,
                        confirm: 'Remove message',
                        done: 'The message is removed.',
                        run: ({ reason }) => adminActions.removeChat(token, lobby.id, e.seq, reason),
                      })
                    }
                  >
                    Remove
                  </Button>
                ) : null}
              </Group>
            ) : null,
          )}
          {chat.length === 0 ? <Text c="dimmed">No chat.</Text> : null}
        </Stack>
      </ScrollArea.Autosize>

      <Title order={4}>Fights</Title>
      <ScrollArea.Autosize mah={160} type="auto" viewportProps={{ tabIndex: 0, 'aria-label': 'Fights' }}>
        <Stack gap={0} data-testid="admin-fights">
          {fights.map((f) => (
            <SeqRow key={f.seq} seq={f.seq} current={seq} seek={seek} testId="admin-fight">
              {countryLabel(f.attacker)} ({f.from.x},{f.from.y}) attacks {countryLabel(f.defender)} ({f.to.x},{f.to.y}):{' '}
              {f.attackRoll} vs {f.defendRoll}, {f.won ? 'won' : 'lost'}
            </SeqRow>
          ))}
          {fights.length === 0 ? <Text c="dimmed">No fight yet.</Text> : null}
        </Stack>
      </ScrollArea.Autosize>

      <Title order={4}>Events</Title>
      <ScrollArea.Autosize mah={260} type="auto" viewportProps={{ tabIndex: 0, 'aria-label': 'Events' }}>
        <Stack gap={0} data-testid="admin-events">
          {around.map((e) => (
            <SeqRow key={e.seq} seq={e.seq} current={seq} seek={seek} testId="admin-event" line>
              {eventLine(e, names)}
            </SeqRow>
          ))}
        </Stack>
      </ScrollArea.Autosize>

      <Modal opened={raw} onClose={() => setRaw(false)} title={`Event ${seq}`} size="lg" data-testid="admin-raw">
        <Code block data-testid="admin-raw-json">
          {current ? JSON.stringify(current, null, 2) : 'No event at this seq.'}
        </Code>
      </Modal>
    </Stack>
  );
}
