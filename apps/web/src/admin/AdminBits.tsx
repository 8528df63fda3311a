/** Small pieces the admin console's pages share: status badges, a person's colour and name, a pager. */
import { COUNTRY_COLOURS, type CountryId } from '@four-banners/engine';
import type { AdminLobbyStatus } from '@four-banners/protocol';
import { Badge, Button, Group, Text } from '@mantine/core';
// Mantine's styles for Badge (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';

const STATUS_COLOURS: Record<AdminLobbyStatus, string> = {
  waiting: 'blue',
  running: 'green',
  finished: 'gray',
  abandoned: 'orange',
  closed: 'red',
};

export function StatusBadge({ status }: { status: AdminLobbyStatus }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light" data-testid="admin-status">
      {status}
    </Badge>
  );
}

/** A seat's name with its country's colour as a dot. */
export function SeatName({ name, country }: { name: string; country: CountryId }) {
  const colour: string | undefined = (COUNTRY_COLOURS as readonly string[])[country];
  return (
    <Group gap={6} wrap="nowrap" component="span" style={{ display: 'inline-flex' }}>
      <span
        aria-hidden
        style={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          background: colour ?? 'transparent',
          border: colour ? undefined : '1px solid var(--mantine-color-dimmed)',
          flex: 'none',
        }}
      />
      <span>{name}</span>
    </Group>
  );
}

/** Previous / next for a list paged by offset; `nextOffset` null on the last page. */
export function Pager({
  offset,
  size,
  nextOffset,
  total,
  onOffset,
}: {
  offset: number;
  size: number;
  nextOffset: number | null;
  total?: number;
  onOffset: (offset: number) => void;
}) {
  return (
    <Group gap="xs">
      <Button size="xs" variant="default" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - size))}>
        Previous
      </Button>
      <Button
        size="xs"
        variant="default"
        disabled={nextOffset === null}
        onClick={() => onOffset(nextOffset ?? offset)}
        data-testid="admin-next-page"
      >
        Next
      </Button>
      {total !== undefined ? (
        <Text size="sm" c="dimmed" data-testid="admin-total">
          {total === 0 ? 'none' : `${offset + 1}–${Math.min(total, offset + size)} of ${total}`}
        </Text>
      ) : null}
    </Group>
  );
}

/** An ISO time as the operator's local date and time. */
export const when = (iso: string) => new Date(iso).toLocaleString();
