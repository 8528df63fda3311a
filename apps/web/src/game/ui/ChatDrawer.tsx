/**
 * The lobby chat on the game screen: the header's chat button with the unread indicator (ARCHITECTURE §7.4)
 * opens a drawer holding the same panel as the lobby — on the right on wide screens, a bottom sheet on
 * phones — so players talk without leaving the board. Closing it (Escape, the ×, a click outside)
 * gives the focus back to the button.
 */
import { ActionIcon, Drawer, Indicator } from '@mantine/core';
// Mantine's styles for Drawer, Indicator (ARCHITECTURE §7.12).
import '../../styles/mantine-more.css';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { hint } from '../../app/hints';
import { hasUnseenMessages, useLobby } from '../../online/lobby-store';
import { ChatPanel } from './ChatPanel';
import { ChatIcon } from './Icons';

/** Phones (below Mantine's `sm` breakpoint) get the chat as a bottom sheet. */
const PHONE_QUERY = '(max-width: 48em)';

/** The header's chat button and the drawer it opens. */
export function GameChatButton() {
  const [opened, setOpened] = useState(false);
  const unseen = useLobby(hasUnseenMessages);
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  return (
    <>
      <Indicator
        disabled={!unseen}
        size={9}
        offset={4}
        color="red"
        data-testid="game-chat-unread"
        data-unread={unseen || undefined}
      >
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={unseen ? 'Lobby chat, unread messages' : 'Lobby chat'}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => setOpened(true)}
          data-testid="game-chat"
          {...hint('Lobby chat')}
        >
          <ChatIcon />
        </ActionIcon>
      </Indicator>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position={phone ? 'bottom' : 'right'}
        size={phone ? '75%' : 'md'}
        title="Lobby chat"
        closeButtonProps={{ 'aria-label': 'Close the chat' }}
        data-testid="chat-drawer"
        // The board's keys (Enter passes the turn, WASD pans…) belong to the board, not to the chat.
        // Escape still closes the drawer: Mantine listens for it on the window before this runs.
        onKeyDown={(e) => e.stopPropagation()}
      >
        <ChatPanel height={phone ? 'calc(75dvh - 150px)' : 'calc(100dvh - 150px)'} focusInput={!phone} />
      </Drawer>
    </>
  );
}
