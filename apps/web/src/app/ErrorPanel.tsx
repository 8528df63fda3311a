/** A friendly page for errors a route could not recover from (storage blocked, a broken save…). */
import { Button, Center, Code, Paper, Stack, Text, Title } from '@mantine/core';
// Mantine's styles for Code (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import type { ErrorComponentProps } from '@tanstack/react-router';

export function ErrorPanel({ error, reset }: ErrorComponentProps) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Center mih="60vh" p="md">
      <Paper withBorder radius="lg" p="xl" maw={480}>
        <Stack gap="sm">
          <Title order={2}>Something went wrong</Title>
          <Text c="dimmed">
            This screen could not be shown. Your saved games are not affected. If it keeps happening, this browser may
            be blocking storage (private mode).
          </Text>
          <Code block>{message}</Code>
          <Button onClick={reset}>Try again</Button>
          <Button variant="default" component="a" href="/main-menu">
            Main menu
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
