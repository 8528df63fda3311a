/** A yes/no style dialog: the confirmations of ARCHITECTURE §7.3, with their texts and buttons. */
import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmModalProps {
  readonly opened: boolean;
  readonly title?: ReactNode;
  readonly message: ReactNode;
  /** More words under the question (the pass-turn dialog's what is left). */
  readonly detail?: ReactNode;
  /** A third button, on the left, away from the answers (the pass-turn dialog's "Next unit"). */
  readonly aside?: ReactNode;
  /** The dismissing button's label (No, Stay…). */
  readonly cancelLabel: string;
  readonly confirmLabel: string;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
  readonly size?: 'md' | number;
  readonly testId?: string;
  readonly danger?: boolean;
  /** Whether closing gives the focus back to what opened the dialog (default true). */
  readonly returnFocus?: boolean;
}

export function ConfirmModal(p: ConfirmModalProps) {
  return (
    <Modal
      opened={p.opened}
      onClose={p.onCancel}
      title={p.title}
      size={p.size ?? 'md'}
      data-testid={p.testId}
      returnFocus={p.returnFocus ?? true}
    >
      {p.title ? (
        <Text size="lg" fw={600}>
          {p.message}
        </Text>
      ) : (
        // Without a title the question names the dialog (Modal.Title registers its id with it).
        <Modal.Title component="div">
          <Text size="lg" fw={600}>
            {p.message}
          </Text>
        </Modal.Title>
      )}
      {p.detail}
      <Group justify="flex-end" mt="xl" gap="sm">
        {p.aside ? <div style={{ marginRight: 'auto' }}>{p.aside}</div> : null}
        <Button variant="default" onClick={p.onCancel}>
          {p.cancelLabel}
        </Button>
        <Button color={p.danger ? 'red' : undefined} onClick={p.onConfirm} data-autofocus>
          {p.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
