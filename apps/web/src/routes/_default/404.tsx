import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, createFileRoute } from '@tanstack/react-router';
import { UnitIcon } from '../../art/Emblem';

export const Route = createFileRoute('/_default/404')({
  component: NotFound,
});

function NotFound() {
  return (
    <Stack align="center" gap="md" py={60} data-testid="not-found">
      <div style={{ transform: 'rotate(-12deg)' }}>
        <UnitIcon country={3} size={72} />
      </div>
      <Title order={1}>404</Title>
      <Text c="dimmed" ta="center" maw={420}>
        This land is unmapped. The page you looked for does not exist.
      </Text>
      <Button component={Link} to="/main-menu" size="md">
        Back to the main menu
      </Button>
    </Stack>
  );
}
