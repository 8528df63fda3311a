/**
 * The small modal every moderation action goes through (PROTOCOL §4.9): a reason (required, at most
 * ADMIN_REASON_MAX characters), and for a mute or ban its length and scope. On success the admin data is
 * read again and a notification says what was done; a refusal shows the server's code and message.
 */
import { Alert, Button, Checkbox, Group, Modal, NumberInput, Stack, Textarea } from '@mantine/core';
// Mantine's styles for Checkbox, NumberInput (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { showToast } from '../app/toasts';
import { errorWords } from './admin-api';

/** protocol ADMIN_REASON_MAX (a value import would pull zod in). */
const REASON_MAX = 200;

export interface ActionValues {
  readonly reason: string;
  /** Minutes, when the action asks for them (undefined: a ban until lifted). */
  readonly minutes?: number;
  /** A mute of every lobby rather than this one. */
  readonly everywhere: boolean;
}

export interface ActionSpec {
  readonly title: string;
  /** What the action does, in a sentence. */
  readonly what: ReactNode;
  readonly confirm: string;
  /** Ask for minutes: `required` (a mute), `optional` (a ban: empty means until lifted). */
  readonly minutes?: 'required' | 'optional';
  /** Offer "every lobby" (a mute). */
  readonly scope?: boolean;
  /** The reason's label ("Reason", or "Note" for a report's resolution); `optional` lets it be empty. */
  readonly reasonLabel?: string;
  readonly reasonOptional?: boolean;
  /** The notification on success. */
  readonly done: string;
  run(values: ActionValues): Promise<unknown>;
}

/** The modal and the function that opens it for an action. */
export function useActionModal(): [ReactNode, (spec: ActionSpec) => void] {
  const [spec, setSpec] = useState<ActionSpec | null>(null);
  const open = useCallback((next: ActionSpec) => setSpec(next), []);
  const modal = spec ? <ActionModal key={spec.title} spec={spec} onClose={() => setSpec(null)} /> : null;
  return [modal, open];
}

function ActionModal({ spec, onClose }: { spec: ActionSpec; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [minutes, setMinutes] = useState<string | number>(spec.minutes === 'required' ? 60 : '');
  const [everywhere, setEverywhere] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const trimmed = reason.trim();
  const minutesValue = minutes === '' ? undefined : Number(minutes);
  const ready =
    (spec.reasonOptional || trimmed.length > 0) &&
    !(spec.minutes === 'required' && minutesValue === undefined) &&
    !pending;

  const submit = async () => {
    setPending(true);
    setError(null);
    try {
      await spec.run({ reason: trimmed, minutes: spec.minutes ? minutesValue : undefined, everywhere });
      showToast(spec.done, 'info');
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      onClose();
    } catch (e) {
      setError(errorWords(e));
      setPending(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={spec.title} centered data-testid="admin-action-modal">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) void submit();
        }}
      >
        <Stack gap="sm">
          <div>{spec.what}</div>
          <Textarea
            label={spec.reasonLabel ?? 'Reason'}
            description={
              spec.reasonOptional ? 'Optional' : 'Kept in the audit log; players see it where the action shows'
            }
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={REASON_MAX}
            autosize
            minRows={2}
            data-autofocus
            data-testid="admin-action-reason"
          />
          {spec.minutes ? (
            <NumberInput
              label="Minutes"
              description={spec.minutes === 'optional' ? 'Empty: until lifted' : undefined}
              min={1}
              max={525_600}
              allowDecimal={false}
              value={minutes}
              onChange={setMinutes}
              data-testid="admin-action-minutes"
            />
          ) : null}
          {spec.scope ? (
            <Checkbox
              label="In every lobby (not only this one)"
              checked={everywhere}
              onChange={(e) => setEverywhere(e.currentTarget.checked)}
              data-testid="admin-action-everywhere"
            />
          ) : null}
          {error ? (
            <Alert color="red" variant="light" data-testid="admin-action-error">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={!ready} loading={pending} data-testid="admin-action-confirm">
              {spec.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
