import { Anchor, Box, Container, Group, Indicator, Text } from '@mantine/core';
// Mantine's styles for Container, Indicator (ARCHITECTURE §7.12).
import '../../styles/mantine-more.css';
import { Link, Outlet } from '@tanstack/react-router';
import { EmblemDot } from '../../art/Emblem';
import { hasUnseenMessages, useLobby } from '../../online/lobby-store';

const NAV = [
  { to: '/lobby', label: 'Play' },
  { to: '/saves', label: 'Saves' },
  { to: '/chat', label: 'Chat' },
  { to: '/settings', label: 'Settings' },
] as const;

export function DefaultLayout() {
  const unseen = useLobby(hasUnseenMessages);
  return (
    <div className="fb-default">
      <header className="fb-topbar">
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Anchor component={Link} to="/main-menu" underline="never" c="gray.0" className="fb-brand">
              <Group gap={6} wrap="nowrap">
                {[0, 1, 2, 3].map((c) => (
                  <EmblemDot key={c} country={c} size={14} />
                ))}
                <Text fw={800} size="lg" ml={6}>
                  Four Banners
                </Text>
              </Group>
            </Anchor>
            <Group gap={4} wrap="nowrap" component="nav">
              {NAV.map((n) => (
                <Indicator key={n.to} disabled={n.to !== '/chat' || !unseen} size={8} offset={6}>
                  <Anchor component={Link} to={n.to} className="fb-nav" activeProps={{ 'data-active': true }}>
                    {n.label}
                  </Anchor>
                </Indicator>
              ))}
            </Group>
          </Group>
        </Container>
      </header>
      <Box component="main" className="fb-main">
        <Container size="lg" py="xl">
          <Outlet />
        </Container>
      </Box>
    </div>
  );
}
