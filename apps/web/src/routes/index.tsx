import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/` goes to the main menu (SPEC.md §2). */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/main-menu', replace: true });
  },
});
