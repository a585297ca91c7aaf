import styled from 'styled-components';
import { Button } from '@blogstream/shared/ui';
import type { useListen } from './listen';

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin: 0 0 16px;
`;

const PLAY_LABELS = { stopped: 'Listen', playing: 'Pause', paused: 'Resume' } as const;

/** Listen, pause and resume, and the speed: shown only where the browser can read aloud. */
export function ListenControls({ listen }: { listen: ReturnType<typeof useListen> }) {
  if (!listen.available) return null;
  return (
    <Controls role="group" aria-label="Listen to the article">
      <Button
        type="button"
        $variant="outlined"
        onClick={listen.status === 'playing' ? listen.pause : listen.play}
      >
        {PLAY_LABELS[listen.status]}
      </Button>
      <Button type="button" $variant="text" onClick={listen.nextSpeed}>
        Speed {listen.rate}×
      </Button>
    </Controls>
  );
}
