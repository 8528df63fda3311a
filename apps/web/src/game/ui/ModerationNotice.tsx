/**
 * What a moderator did to this device (PROTOCOL §4.9), as a dialog that stays until read: "A moderator closed
 * this lobby: <reason>" or "A moderator removed you from this game: <reason>". The app has already taken the
 * person out of the lobby; this says why.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useAppState } from '../../app/app-state';
import { dismissModerationNotice, useModeration } from '../../online/moderation-store';

export function ModerationNotice() {
  const opened = useAppState((s) => s.dialogs.moderated);
  const notice = useModeration((m) => m.notice);
  return (
    <Modal
      opened={opened}
      onClose={dismissModerationNotice}
      title="A moderator stepped in"
      size={400}
      data-testid="modal-moderated"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text data-testid="moderated-message">{notice}</Text>
        <Group justify="flex-end">
          <Button onClick={dismissModerationNotice} data-autofocus>
            OK
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
