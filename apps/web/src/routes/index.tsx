import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/` goes to the main menu (ARCHITECTURE §7.1). */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/main-menu', replace: true });
  },
});
