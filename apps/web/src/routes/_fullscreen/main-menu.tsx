/** Route /main-menu (ARCHITECTURE §7.1): menu/MainMenu.tsx. */
import { createFileRoute } from '@tanstack/react-router';
import { MainMenu } from '../../menu/MainMenu';

export const Route = createFileRoute('/_fullscreen/main-menu')({
  component: MainMenu,
});
