/** The admin console's error panel: a failed admin request as the server answered it (OPERATIONS §11.5). */
import { Alert } from '@mantine/core';
import { ApiError } from '../app/api';

/** The server's answer to a failed admin request, as it gave it. */
export function AdminError({ error }: { error: unknown }) {
  const status = error instanceof ApiError ? error.status : null;
  const title =
    status === 503
      ? 'The admin API is off (503)'
      : status === 401
        ? 'Not authorised (401)'
        : status === 0
          ? 'The server is out of reach'
          : `Request failed${status ? ` (${status})` : ''}`;
  return (
    <Alert
      color={status === 503 ? 'yellow' : 'red'}
      variant="light"
      title={title}
      data-testid="admin-error"
      data-status={status ?? undefined}
    >
      {error instanceof Error ? error.message : String(error)}
    </Alert>
  );
}
