import { firstContentImage } from './content-image.js';
import { parseHtmlDocument, type DomElement } from './readable-article.js';

const bodyOf = (html: string) =>
  parseHtmlDocument(`<html><body>${html}</body></html>`).querySelector('body') as DomElement;
const firstImage = (html: string) =>
  firstContentImage(bodyOf(html), 'https://blog.example/posts/a');

const REAL = '<img src="/images/figure.png">';
const REAL_URL = 'https://blog.example/images/figure.png';

test.each([
  ['a 1x1 declared pixel', '<img src="/p.png" width="1" height="1">'],
  ['a 2px-high spacer', '<img src="/bar.png" width="600" height="2">'],
  ['a Feedburner counter', '<img src="https://feeds.feedburner.com/~r/Blog/~4/xyz">'],
  ['a Feedburner flare', '<img src="https://feeds.feedburner.com/~ff/Blog?d=yIl2AUoC8zA">'],
  ['a stats. host', '<img src="https://stats.wordpress.com/b.gif?v=1">'],
  ['a pixel. host', '<img src="https://pixel.wp.com/g.gif?blog=1">'],
  ['a doubleclick pixel', '<img src="https://ad.doubleclick.net/ddm/activity/src=1">'],
  ['a 1x1 gif', '<img src="/wp-content/plugins/stats/1x1.gif">'],
  ['a spacer gif', '<img src="/images/spacer.gif">'],
  ['a data: URI', '<img src="data:image/png;base64,iVBORw0KGgo=">'],
  ['an SVG icon', '<img src="/icons/info.svg">'],
  [
    'a WordPress emoji',
    '<img class="emoji" src="https://s.w.org/images/core/emoji/14.0.0/72x72/1f62c.png">',
  ],
  ['an avatar', '<img src="/uploads/avatars/jane.jpg">'],
  ['a Gravatar', '<img src="https://secure.gravatar.com/avatar/abc?s=96">'],
  ['a logo', '<img src="/assets/logo-dark.png">'],
  ['an image with an icon class', '<img class="share-icon" src="/assets/twitter.png">'],
])('skips %s for the first real picture', (_, skipped) => {
  expect(firstImage(`${skipped}${REAL}`)).toBe(REAL_URL);
});

test('takes a lazy image from data-src when its src is a placeholder, or from srcset', () => {
  expect(firstImage('<img src="data:image/gif;base64,R0lGOD" data-src="/lazy.jpg">')).toBe(
    'https://blog.example/lazy.jpg',
  );
  expect(firstImage('<img srcset="/small.jpg 320w, /large.jpg 1200w">')).toBe(
    'https://blog.example/small.jpg',
  );
});

test('is null when nothing resolves to an http(s) picture', () => {
  expect(firstContentImage(bodyOf('<img src="/relative.png">'), undefined)).toBeNull();
  expect(firstImage('<img src="ftp://files.example/a.png"><img>')).toBeNull();
  expect(firstImage('<p>No pictures</p>')).toBeNull();
});
