import { httpUrlOrUndefined, previewText, thumbnailUrl, timeAgo } from '@blogstream/shared/lib';

describe('card text helpers', () => {
  it('keeps short text and cuts long text at a word with an ellipsis', () => {
    expect(previewText('Short  text', 90)).toBe('Short text');
    const long =
      'Consensus protocols keep replicas in agreement even when machines fail and networks split';
    const preview = previewText(long, 55);
    expect(preview.length).toBeLessThanOrEqual(55);
    expect(preview).toBe('Consensus protocols keep replicas in agreement even…');
  });

  it("writes dates 'ago' style", () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(timeAgo('2026-11-21T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-11-21T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-11-20T12:00:00Z', now)).toBe('yesterday');
    expect(timeAgo('2026-11-01T12:00:00Z', now)).toBe('2 weeks ago');
    expect(timeAgo('2024-11-01T12:00:00Z', now)).toBe('2 years ago');
  });

  it('asks known image hosts for a 300x200 thumbnail and leaves others alone', () => {
    expect(thumbnailUrl('https://miro.medium.com/v2/resize:fit:1200/1*abc.png')).toBe(
      'https://miro.medium.com/v2/resize:fill:300:200/1*abc.png',
    );
    expect(thumbnailUrl('https://i0.wp.com/blog.example/x.jpg')).toBe(
      'https://i0.wp.com/blog.example/x.jpg?w=300&h=200&crop=1',
    );
    expect(thumbnailUrl('https://res.cloudinary.com/acme/image/upload/v1/x.jpg')).toBe(
      'https://res.cloudinary.com/acme/image/upload/c_fill,w_300,h_200/v1/x.jpg',
    );
    expect(thumbnailUrl('https://blog.example/x.jpg')).toBe('https://blog.example/x.jpg');
    expect(thumbnailUrl('not a url')).toBe('not a url');
  });
});

describe('httpUrlOrUndefined', () => {
  it('keeps absolute http(s) URLs and drops every other scheme or malformed value', () => {
    expect(httpUrlOrUndefined('https://blog.example/post')).toBe('https://blog.example/post');
    expect(httpUrlOrUndefined('http://blog.example/a.png')).toBe('http://blog.example/a.png');
    for (const value of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '/relative',
      '',
      null,
    ]) {
      expect(httpUrlOrUndefined(value)).toBeUndefined();
    }
  });
});
