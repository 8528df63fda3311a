import { createFileRoute, redirect } from '@tanstack/react-router';

/** Any other path goes to /404 (ARCHITECTURE §7.1). */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/404', replace: true });
  },
});
