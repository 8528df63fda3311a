/** A yes/no style dialog: the confirmations of ARCHITECTURE §7.3, with their texts and buttons. */
import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmModalProps {
  readonly opened: boolean;
  readonly title?: ReactNode;
  readonly message: ReactNode;
  /** The dismissing button's label (No, Stay…). */
  readonly cancelLabel: string;
  readonly confirmLabel: string;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
  readonly size?: 'md' | number;
  readonly testId?: string;
  readonly danger?: boolean;
}

export function ConfirmModal(p: ConfirmModalProps) {
  return (
    <Modal opened={p.opened} onClose={p.onCancel} title={p.title} size={p.size ?? 'md'} data-testid={p.testId}>
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
      <Group justify="flex-end" mt="xl" gap="sm">
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
