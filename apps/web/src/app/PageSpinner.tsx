/** The lazy-route spinner: dots, shown only when loading takes longer than ~100 ms (ARCHITECTURE §7.2). */
import { Center, Loader } from '@mantine/core';
import { useDelayedSpinner } from './spinner-timing';

/** `immediate` when the caller already waited (the router shows its pending component after 100 ms). */
export function PageSpinner({ immediate = false }: { immediate?: boolean }) {
  const delayed = useDelayedSpinner(true);
  const visible = immediate || delayed;
  return (
    <Center mih="60vh" data-testid="page-spinner">
      {visible ? <Loader size="lg" aria-label="Loading" /> : null}
    </Center>
  );
}
