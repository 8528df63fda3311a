/**
 * The page a local replay shows instead of the board when there is nothing it may replay: another rules
 * version, a file without a log, a save that is gone, a file forgotten by a reload. It says why, and
 * offers the way on (choose a file, the saves, back where the replay was opened from).
 */
import { Button, FileButton } from '@mantine/core';
import { explainLocalProblem } from '../../saves/local-messages';
import type { LocalReplayProblem } from '../../saves/local-sources';
import type { ReplayBack } from './ReplayHeader';
import { ReplayNoticeCard } from './ReplayNoticeCard';

interface Props {
  readonly problem: LocalReplayProblem;
  readonly back: ReplayBack;
  /** Offers a file chooser (the pages of opened files): called with the chosen file. */
  readonly onPickFile?: (file: File) => void;
}

export function LocalReplayNotice({ problem, back, onPickFile }: Props) {
  const { title, text } = explainLocalProblem(problem);
  return (
    <ReplayNoticeCard
      testId="local-replay-problem"
      code={problem.code}
      maw={480}
      title={title}
      text={text}
      back={back}
      backVariant={onPickFile ? 'default' : 'filled'}
      mainMenu
    >
      {onPickFile ? (
        <FileButton onChange={(f) => f && onPickFile(f)} accept="application/json,.json">
          {(props) => (
            <Button {...props}>{problem.code === 'file_gone' ? 'Choose the file again' : 'Choose another file'}</Button>
          )}
        </FileButton>
      ) : null}
    </ReplayNoticeCard>
  );
}
