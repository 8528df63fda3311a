/** Joining an online lobby by code. Online play arrives with the server; the form is ready for it. */
import { Alert, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useSettings } from '../../../app/settings';

export function JoinLobby() {
  const name = useSettings((s) => s.playerName);
  const [code, setCode] = useState('');
  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>Play online</Title>
      <Alert variant="light" color="gray" title="Coming soon">
        Online lobbies need the Four Banners server, which is on its way. Meanwhile, play against bots or with friends
        on this device.
      </Alert>
      <Card withBorder radius="lg" p="lg">
        <Stack>
          <TextInput label="Lobby code" placeholder="e.g. k3x9q" value={code} onChange={(e) => setCode(e.currentTarget.value)} disabled />
          <Text size="sm" c="dimmed">
            You will join as <b>{name}</b>.
          </Text>
          <Button disabled>Join lobby</Button>
        </Stack>
      </Card>
      <Button component={Link} to="/lobby" variant="light">
        Play offline instead
      </Button>
    </Stack>
  );
}
