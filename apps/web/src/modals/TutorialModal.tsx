/** The tutorial dialog (ARCHITECTURE §7.3): 7 pages, Previous disabled on page 1, the last Next reads "Let's Go!". */
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useLayoutEffect, useState } from 'react';
import { pictureTutorial, releaseShell } from '../first-screen/shell';
import { TUTORIAL_PAGES } from './TutorialPages';

export interface TutorialModalProps {
  readonly opened: boolean;
  /** Called when the player finishes (Let's Go!) or closes the tutorial. */
  readonly onClose: () => void;
}

/** One page: its art, title and text (the first screen's picture holds each, prerender.tsx). */
export function TutorialPageView({ page }: { readonly page: number }) {
  const current = TUTORIAL_PAGES[page]!;
  return (
    <>
      {current.art}
      <Title order={2} ta="center" data-testid="tutorial-title">
        {current.title}
      </Title>
      <div className="fb-tutorial-body">{current.body}</div>
    </>
  );
}

/**
 * The `data-first-screen` marks name the parts that the first screen's picture of this dialog pages
 * through before the app runs (first-screen/picture.ts); the dialog opens at the page the picture shows.
 */
export function TutorialModal({ opened, onClose }: TutorialModalProps) {
  const [page, setPage] = useState(() => pictureTutorial()?.page ?? 0);
  const last = TUTORIAL_PAGES.length - 1;
  const close = () => {
    onClose();
    setPage(0);
  };
  // The prerendered picture of this dialog goes in the frame this dialog opens in. The player may have
  // used it between this render and its commit (a render can be split across tasks): the dialog shows
  // the page the picture shows at the commit, or closes if the player closed the picture.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening; `close` is remade each render
  useLayoutEffect(() => {
    if (!opened) return;
    const picture = pictureTutorial();
    releaseShell('tutorial');
    if (picture?.open === false) close();
    else if (picture) setPage(picture.page);
  }, [opened]);
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>How to play</Text>} size="lg" data-testid="tutorial">
      <Stack gap="md" mih={300} data-first-screen="page">
        <TutorialPageView page={page} />
      </Stack>
      <Group justify="space-between" mt="lg">
        <Text size="sm" c="dimmed" aria-live="polite" data-first-screen="count">
          {page + 1} / {TUTORIAL_PAGES.length}
        </Text>
        <Group gap="sm">
          <Button
            variant="default"
            disabled={page === 0}
            onClick={() => setPage((p) => Math.max(0, p - 1))}
            data-first-screen="previous"
          >
            Previous
          </Button>
          <Button
            onClick={() => (page === last ? close() : setPage((p) => p + 1))}
            data-autofocus
            data-first-screen="next"
          >
            {page === last ? "Let's Go!" : 'Next'}
          </Button>
        </Group>
      </Group>
    </Modal>
  );
}
