import { choosePreview, looksLikeProse, previewOf } from './preview.js';

test('prose reads as prose; menus, bylines, headings and list entries do not', () => {
  expect(
    looksLikeProse('We introduced Cape in a previous post, and this one explains how it works.'),
  ).toBe(true);
  expect(
    looksLikeProse(
      "Aujourd'hui, nous présentons un système qui permet de construire des modèles pour les entreprises.",
    ),
  ).toBe(true);
  expect(
    looksLikeProse(
      'Dropbox.Tech Topics Application Front End Infrastructure Machine Learning Mobile Security Culture',
    ),
  ).toBe(false);
  expect(looksLikeProse('// By Peng Kang • Dec 21, 2018')).toBe(false);
  expect(looksLikeProse('1. Architecture: why not just a queue?')).toBe(false);
  expect(looksLikeProse('Fundamental Research')).toBe(false);
});

test('a preview is the opening prose of a text, past the chrome, joined to a few sentences', () => {
  const text = [
    'Home',
    'Engineering Infrastructure Machine Learning Mobile Security Careers Jobs Blog',
    'Posted by Ada',
    'Caches are only as good as their invalidation, and this post is about ours.',
    'We keep them consistent across regions without a global lock, which took three tries.',
    'Second section heading',
    'A later paragraph that a preview never reaches because a heading came first.',
  ].join('\n');
  expect(previewOf(text)).toBe(
    'Caches are only as good as their invalidation, and this post is about ours. ' +
      'We keep them consistent across regions without a global lock, which took three tries.',
  );
  expect(previewOf('Home\nAbout\nJobs')).toBe('');
  expect(previewOf(`${'word and '.repeat(300)}end.`).length).toBeLessThanOrEqual(1000);
});

test("the author's summary wins when it is prose and more than the title", () => {
  const body = 'The body of the post begins here, and it is also prose that could be a preview.';
  const summary = 'We rewrote the scheduler in Rust, and tail latency fell by half as a result.';
  expect(choosePreview('Title', summary, body)).toBe(summary);
  expect(
    choosePreview(
      'Same as the title, word for word here',
      'Same as the title, word for word here',
      body,
    ),
  ).toBe(body);
  expect(choosePreview('Title', 'Fundamental Research', body)).toBe(body);
  expect(choosePreview('Title', '', '')).toBe('');
});

test("a short summary of the author's is kept when neither text has prose, a label is not", () => {
  expect(choosePreview('Title', 'A look at our new build pipeline', '')).toBe(
    'A look at our new build pipeline',
  );
  expect(choosePreview('Title', 'A look at our new build pipeline', 'Home\nAbout')).toBe(
    'A look at our new build pipeline',
  );
  expect(choosePreview('Title', 'Fundamental Research', '')).toBe('');
  expect(choosePreview('Same words', 'Same words', '')).toBe('');
});
