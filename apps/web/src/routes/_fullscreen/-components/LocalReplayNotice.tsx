/**
 * The page a local replay shows instead of the board when there is nothing it may replay: another rules
 * version, a file without a log, a save that is gone, a file forgotten by a reload. It says why, and
 * offers the way on (choose a file, the saves, back where the replay was opened from).
 */
import { Button, FileButton, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { explainLocalProblem } from '../../../replay/local-messages';
import type { LocalReplayProblem } from '../../../replay/local-sources';
import type { ReplayBack } from './ReplayHeader';

interface Props {
  readonly problem: LocalReplayProblem;
  readonly back: ReplayBack;
  /** Offers a file chooser (the pages of opened files): called with the chosen file. */
  readonly onPickFile?: (file: File) => void;
}

export function LocalReplayNotice({ problem, back, onPickFile }: Props) {
  const { title, text } = explainLocalProblem(problem);
  return (
    <div className="fb-nogame">
      <Paper p="xl" radius="lg" withBorder maw={480} data-testid="local-replay-problem" data-code={problem.code}>
        <Stack gap="md">
          <Title order={2}>{title}</Title>
          <Text c="dimmed">{text}</Text>
          {onPickFile ? (
            <FileButton onChange={(f) => f && onPickFile(f)} accept="application/json,.json">
              {(props) => <Button {...props}>{problem.code === 'file_gone' ? 'Choose the file again' : 'Choose another file'}</Button>}
            </FileButton>
          ) : null}
          <Button renderRoot={(props) => <Link {...props} to={back.to as never} search={back.search as never} />} variant={onPickFile ? 'default' : 'filled'}>
            {back.label}
          </Button>
          <Button component={Link} to="/main-menu" variant="subtle" color="gray">
            Main menu
          </Button>
        </Stack>
      </Paper>
    </div>
  );
}
