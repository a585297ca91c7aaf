import { choosePreview } from './preview.js';

const prose =
  'At Netflix, our catalog metadata is crucial to the member experience, and one corrupted state can reach millions.';

/** The preview of a feed entry whose summary is `summary` (one line, as feeds flatten it). */
const previewOf = (summary: string) => choosePreview('A title', summary, '');

describe('page chrome is not a preview', () => {
  test.each([
    ['a byline', `By Celina Amados ${prose}`],
    ['a byline of many', `By Alvin Bao , Alex Petrov , Jennifer Lai , and Aidan Sherr ${prose}`],
    ['a byline with a colon', `By: Harrison Katz ${prose}`],
    ['a written-by line', `Written by Ada Lovelace · Mar 12, 2025 ${prose}`],
    ['an authors label', `Authors: Ying Li, Arjun Rao; Shradha Sehgal Introduction ${prose}`],
    [
      'names before the first sentence',
      `Samuel Yeboah , Francesco Di Chiara and Mingliang Liu ${prose}`,
    ],
    ['a team byline', `By PyTorch Edge Team in collaboration with Family of Apps ${prose}`],
    ['a share bar', `Share this article ${prose}`],
    ['a listen and share bar', `Listen Share ${prose}`],
    ['a tweet button', `Tweet ${prose}`],
    ['a reading time', `9 min read · ${prose}`],
    ['an image prompt', `Press enter or click to view image in full size ${prose}`],
    ['a photo credit', `Photo by Jens Lelie on Unsplash ${prose}`],
    ['a photo credit with a licence', `Photo of wiring by Yuki Hayashi (CC-BY, cropped) ${prose}`],
    ['a figure caption', `Figure 1. Autoregressive homepage generation. ${prose}`],
    ['a dateline', `Updated September 24th, 2025 17:34:38 UTC - ${prose}`],
    ['a reprint note', `Originally published at https://example.com/post.html ${prose}`],
    [
      'a browser notice',
      `Uh-oh! It looks like your ad blocker is preventing the video from playing. ${prose}`,
    ],
  ])('%s is stripped', (_kind, summary) => {
    expect(previewOf(summary)).toBe(prose);
  });

  test.each([['TL;DR: ', 'TL; DR ', 'TLDR; ', 'tl;dr ']])(
    'a "TL;DR" label is dropped and its sentence kept',
    (...labels) => {
      for (const label of labels) expect(previewOf(`${label}${prose}`)).toBe(prose);
    },
  );

  test('chrome inside a preview goes too', () => {
    expect(
      previewOf(`Listen Share The Quest Press enter or click to view image in full size ${prose}`),
    ).toBe(`The Quest ${prose}`);
  });

  test.each([
    'By introducing SPDK into TiKV, we let the database send instructions straight to NVMe disks.',
    'Thomas Leonard and Jonathan Ludlam hosted a tutorial on porting Lwt applications to OCaml 5.',
    'Share your experience using Rust in the ninth edition of the State of Rust Survey with us.',
    'Written by Kyle Kingsbury in Clojure, Jepsen is a test framework for distributed systems.',
    'Max Liu, PingCAP CEO, talks about the power of open source and how the community helps.',
  ])('a sentence that opens like chrome is kept: %s', (sentence) => {
    expect(previewOf(sentence)).toBe(sentence);
  });

  test('a summary that is nothing but chrome gives way to the body', () => {
    const body = `Home\nPress enter or click to view image in full size\n${prose}`;
    expect(choosePreview('A title', 'Press enter or click to view image in full size', body)).toBe(
      prose,
    );
  });
});
