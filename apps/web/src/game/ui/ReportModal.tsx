/**
 * The report dialog (PROTOCOL §4.9): opened from another person's row in the players list or from their chat
 * message, it asks for the reason in plain words and an optional note (at most 300 characters, counted),
 * then sends `client-report`. Taken: "Thanks — the operators will look at it." (the reported person is not
 * told). Refused (`rate_limited`, `not_actable`…): the server's message, and the dialog stays for another try.
 */
import { REPORT_NOTE_MAX, type ReportReason } from '@four-banners/protocol';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
// Mantine's styles for Radio (ARCHITECTURE §7.12).
import '../../styles/mantine-more.css';
import { useEffect, useState } from 'react';
import { useAppState } from '../../app/app-state';
import { closeReport, useModeration } from '../../online/moderation-store';
import { useOnline } from '../../online/online-link';

/** The reasons as players read them, in the order offered. */
const REASONS: readonly { readonly value: ReportReason; readonly label: string }[] = [
  { value: 'abuse', label: 'Abuse: insults, threats or hate' },
  { value: 'cheating', label: 'Cheating' },
  { value: 'spam', label: 'Spam' },
  { value: 'other', label: 'Something else' },
];

export const REPORT_THANKS = 'Thanks — the operators will look at it.';

export function ReportModal() {
  const opened = useAppState((s) => s.dialogs.report);
  const target = useModeration((m) => m.report);
  const link = useOnline();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ readonly ok: boolean; readonly text: string } | null>(null);

  // A new report starts blank.
  useEffect(() => {
    if (!opened) return;
    setReason(null);
    setNote('');
    setAnswer(null);
  }, [opened]);

  const send = async () => {
    if (!target || !reason || sending) return;
    setSending(true);
    try {
      const client = await link.client();
      const trimmed = note.trim();
      const refused = await client.report({
        playerId: target.playerId,
        reason,
        ...(trimmed ? { note: trimmed } : {}),
        ...(target.seq !== undefined ? { seq: target.seq } : {}),
      });
      setAnswer(refused === null ? { ok: true, text: REPORT_THANKS } : { ok: false, text: refused });
    } finally {
      setSending(false);
    }
  };

  const done = answer?.ok === true;
  return (
    <Modal
      opened={opened}
      onClose={closeReport}
      title={target ? `Report ${target.name}` : 'Report'}
      size={440}
      data-testid="modal-report"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {done ? (
        <Stack gap="md">
          <Text role="status" data-testid="report-thanks">
            {answer.text}
          </Text>
          <Group justify="flex-end">
            <Button onClick={closeReport} data-autofocus>
              Close
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {target?.seq !== undefined
                ? 'The operators will see this message and the game around it.'
                : 'The operators will see the game as it is now.'}{' '}
              {target?.name ?? 'The person'} is not told.
            </Text>
            <Radio.Group
              label="What is wrong?"
              required
              value={reason}
              onChange={(v) => setReason(v as ReportReason)}
              data-testid="report-reason"
            >
              <Stack gap={8} mt={6}>
                {REASONS.map((r) => (
                  <Radio key={r.value} value={r.value} label={r.label} data-testid={`report-reason-${r.value}`} />
                ))}
              </Stack>
            </Radio.Group>
            <Textarea
              label="Anything the operators should know? (optional)"
              description={`${note.length} / ${REPORT_NOTE_MAX} characters`}
              value={note}
              maxLength={REPORT_NOTE_MAX}
              autosize
              minRows={2}
              maxRows={5}
              onChange={(e) => setNote(e.currentTarget.value)}
              data-testid="report-note"
            />
            {answer && !answer.ok ? (
              <Text size="sm" c="red.4" role="alert" data-testid="report-refused">
                {answer.text}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={closeReport}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={sending} disabled={!reason} data-testid="report-send">
                Send report
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
