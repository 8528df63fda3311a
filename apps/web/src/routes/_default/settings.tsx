/** Route /settings (ARCHITECTURE §7.1): menu/SettingsPage.tsx. */
import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../menu/SettingsPage';

export const Route = createFileRoute('/_default/settings')({
  component: SettingsPage,
});
