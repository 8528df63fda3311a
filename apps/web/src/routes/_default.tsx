import { createFileRoute } from '@tanstack/react-router';
import { DefaultLayout } from './-components/DefaultLayout';

/** The default layout: header with navigation, content in a centred column. */
export const Route = createFileRoute('/_default')({
  component: DefaultLayout,
});
