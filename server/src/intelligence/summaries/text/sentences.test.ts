import { sentencesOf, splitSentences, textUnits } from './sentences.js';

describe('splitting sentences', () => {
  test.each([
    ['Node.js 20 ships fetch. It is stable now.', ['Node.js 20 ships fetch.', 'It is stable now.']],
    [
      'Languages such as Go, e.g. Go 1.22, and Rust (i.e. rustc) compile fast. We use both.',
      ['Languages such as Go, e.g. Go 1.22, and Rust (i.e. rustc) compile fast.', 'We use both.'],
    ],
    [
      'Read https://example.com/a.b?c=1. Then run `app.listen(3000). Done` now. Next one.',
      ['Read https://example.com/a.b?c=1.', 'Then run `app.listen(3000). Done` now.', 'Next one.'],
    ],
    [
      'Dr. Smith met J. R. R. Tolkien in the U.S.A. last year. He was 3.5 hours late!',
      ['Dr. Smith met J. R. R. Tolkien in the U.S.A. last year.', 'He was 3.5 hours late!'],
    ],
    ['Why? Because "it works." And it scales.', ['Why?', 'Because "it works."', 'And it scales.']],
    ['Version 2.0.1 fixed it... Mostly.', ['Version 2.0.1 fixed it...', 'Mostly.']],
    ['Fig. 3 shows the results vs. the baseline.', ['Fig. 3 shows the results vs. the baseline.']],
  ])('%s', (text, expected) => {
    expect(splitSentences(text)).toEqual(expected);
  });
});

describe('reading plain article text', () => {
  test('joins hard-wrapped lines and keeps headings and list items apart', () => {
    const text = [
      'Background',
      '',
      'Node streams are great, except for all the ways in which they are',
      'terrible. A new implementation is coming.',
      '',
      '1. The pause() method does not pause. It is advisory-only.',
      '2. Data events come right away.',
      '',
      'Summary',
      'Streams work better now.',
    ].join('\n');
    const units = textUnits(text);
    expect(units.map((unit) => [unit.text, unit.heading, unit.listItem])).toEqual([
      ['Background', true, false],
      [
        'Node streams are great, except for all the ways in which they are terrible. A new implementation is coming.',
        false,
        false,
      ],
      ['The pause() method does not pause. It is advisory-only.', false, true],
      ['Data events come right away.', false, true],
      ['Summary', true, false],
      ['Streams work better now.', false, false],
    ]);
    expect(sentencesOf(units).map((sentence) => sentence.text)).toEqual([
      'Node streams are great, except for all the ways in which they are terrible.',
      'A new implementation is coming.',
      'The pause() method does not pause.',
      'It is advisory-only.',
      'Data events come right away.',
      'Streams work better now.',
    ]);
  });

  test('drops Markdown decoration', () => {
    expect(textUnits('## A *bold* claim\n\n> **Quoted** text here.').map((u) => u.text)).toEqual([
      'A bold claim',
      'Quoted text here.',
    ]);
  });
});
