import { createFileRoute } from '@tanstack/react-router';
import { MainMenu } from '../../menu/MainMenu';

export const Route = createFileRoute('/_fullscreen/main-menu')({
  component: MainMenu,
});
