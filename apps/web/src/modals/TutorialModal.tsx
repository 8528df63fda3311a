/** The tutorial dialog (ARCHITECTURE §7.3): 7 pages, Previous disabled on page 1, the last Next reads "Let's Go!". */
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useLayoutEffect, useState } from 'react';
import { releaseShell } from '../first-screen/shell';
import { TUTORIAL_PAGES } from './tutorial-pages';

export interface TutorialModalProps {
  readonly opened: boolean;
  /** Called when the player finishes (Let's Go!) or closes the tutorial. */
  readonly onClose: () => void;
}

export function TutorialModal({ opened, onClose }: TutorialModalProps) {
  const [page, setPage] = useState(0);
  const last = TUTORIAL_PAGES.length - 1;
  const current = TUTORIAL_PAGES[page]!;
  // The prerendered first page goes in the frame this dialog opens in.
  useLayoutEffect(() => {
    if (opened) releaseShell('tutorial');
  }, [opened]);
  const close = () => {
    onClose();
    setPage(0);
  };
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>How to play</Text>} size="lg" data-testid="tutorial">
      <Stack gap="md" mih={300}>
        {current.art}
        <Title order={2} ta="center" data-testid="tutorial-title">
          {current.title}
        </Title>
        <div className="fb-tutorial-body">{current.body}</div>
      </Stack>
      <Group justify="space-between" mt="lg">
        <Text size="sm" c="dimmed" aria-live="polite">
          {page + 1} / {TUTORIAL_PAGES.length}
        </Text>
        <Group gap="sm">
          <Button variant="default" disabled={page === 0} onClick={() => setPage((p) => Math.max(0, p - 1))}>
            Previous
          </Button>
          <Button onClick={() => (page === last ? close() : setPage((p) => p + 1))} data-autofocus>
            {page === last ? "Let's Go!" : 'Next'}
          </Button>
        </Group>
      </Group>
    </Modal>
  );
}
