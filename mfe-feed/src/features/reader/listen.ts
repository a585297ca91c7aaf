import { useEffect, useState } from 'react';
import type { ReaderBlock } from '@blogstream/shared/contract';
import { blockStarts } from '@blogstream/shared/lib';

/**
 * Reading the article aloud with the browser's speech synthesis (docs/decisions/0037, "Since"):
 * one utterance a sentence, so the sentence being read is always known and shown, whatever
 * boundary events the browser's voices send or not.
 */

/** A sentence of the reading text: characters [start, end), and what is said. */
export interface Sentence {
  start: number;
  end: number;
  text: string;
}

/** Speeds offered, in the order the speed button goes through them. */
export const SPEEDS = [1, 1.25, 1.5, 2, 0.75] as const;

/** The sentences read aloud: those of the text blocks; code and images are not read. */
export function sentencesOf(blocks: readonly ReaderBlock[]): Sentence[] {
  const starts = blockStarts(blocks);
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });
  return blocks.flatMap((block, index) => {
    if (block.kind === 'image' || block.kind === 'code') return [];
    const blockStart = starts[index]!;
    return [...segmenter.segment(block.text)].flatMap(({ segment, index: at }) => {
      const text = segment.trimEnd();
      return text ? [{ start: blockStart + at, end: blockStart + at + text.length, text }] : [];
    });
  });
}

/** The browser's speech synthesis, or null where it has none. */
function speechSynthesisOrNull(): SpeechSynthesis | null {
  return typeof window.speechSynthesis === 'object' &&
    typeof window.SpeechSynthesisUtterance === 'function'
    ? window.speechSynthesis
    : null;
}

interface SpeakerEvents {
  onSentence: (index: number) => void;
  onFinished: () => void;
  onFailed: () => void;
}

/** Says sentences one after the other; a sentence cancelled (paused, sped up, left) says no more. */
class SentenceSpeaker {
  private turn = 0;
  private events: SpeakerEvents | null = null;

  constructor(private readonly synthesis: SpeechSynthesis) {}

  /** Who is told of each sentence read, of the end, and of a failure. */
  tell(events: SpeakerEvents): void {
    this.events = events;
  }

  speak(sentences: readonly Sentence[], at: number, rate: number): void {
    this.turn += 1;
    const turn = this.turn;
    this.synthesis.cancel();
    const sentence = sentences[at];
    if (!sentence) {
      this.events?.onFinished();
      return;
    }
    const utterance = new SpeechSynthesisUtterance(sentence.text);
    utterance.rate = rate;
    utterance.onend = () => {
      if (turn === this.turn) this.speak(sentences, at + 1, rate);
    };
    utterance.onerror = () => {
      if (turn === this.turn) this.events?.onFailed();
    };
    this.events?.onSentence(at);
    this.synthesis.speak(utterance);
  }

  stop(): void {
    this.turn += 1;
    this.synthesis.cancel();
  }
}

export type ListenStatus = 'stopped' | 'playing' | 'paused';

/**
 * Reading `sentences` aloud: play from the current sentence (the first, or where it paused),
 * pause, and a speed that applies from the sentence being read. `onFinished` is called after the
 * last sentence. Leaving the page stops the reading. `speaker` is null where the browser cannot
 * speak: the page then offers no controls.
 */
export function useListen(
  sentences: readonly Sentence[],
  onFinished: () => void,
  startAtOnce: boolean,
) {
  const [status, setStatus] = useState<ListenStatus>('stopped');
  const [current, setCurrent] = useState<number | null>(null);
  const [rate, setRate] = useState<number>(SPEEDS[0]);
  const [speaker] = useState(() => {
    const synthesis = speechSynthesisOrNull();
    return synthesis && new SentenceSpeaker(synthesis);
  });
  useEffect(() => {
    speaker?.tell({
      onSentence: setCurrent,
      onFinished: () => {
        setStatus('stopped');
        setCurrent(null);
        onFinished();
      },
      onFailed: () => setStatus('paused'),
    });
  }, [speaker, onFinished]);
  useEffect(() => () => speaker?.stop(), [speaker]);
  // Started at most once, as soon as there is something to read.
  const [waitingToStart, setWaitingToStart] = useState(startAtOnce);
  if (waitingToStart && speaker && sentences.length > 0) {
    setWaitingToStart(false);
    setStatus('playing');
  }
  useEffect(() => {
    if (status === 'playing' && current === null) speaker?.speak(sentences, 0, rate);
  }, [status, current, speaker, sentences, rate]);

  const play = () => {
    speaker?.speak(sentences, current ?? 0, rate);
    setStatus('playing');
  };
  const pause = () => {
    speaker?.stop();
    setStatus('paused');
  };
  /** The next speed; while reading, the sentence being read starts again at it. */
  const nextSpeed = () => {
    const next = SPEEDS[(SPEEDS.indexOf(rate as (typeof SPEEDS)[number]) + 1) % SPEEDS.length]!;
    setRate(next);
    if (status === 'playing') speaker?.speak(sentences, current ?? 0, next);
  };
  return {
    available: speaker !== null,
    status,
    rate,
    sentence: current === null ? null : (sentences[current] ?? null),
    play,
    pause,
    nextSpeed,
  };
}
