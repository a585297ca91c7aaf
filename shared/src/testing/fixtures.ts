import { act, waitFor } from '@testing-library/react';
import {
  endpointRoutes,
  type Article,
  type PublicConfig,
  type SavedSearch,
  type UserData,
} from '@blogstream/shared/contract';

/** A signed-in reader as check_logged_in answers it. */
export function readerFixture(overrides: Partial<UserData> = {}): UserData {
  return {
    name: 'Ada',
    email: 'ada@example.com',
    account_type: 0,
    userFirstTimeUX: false,
    follows_sources: false,
    ...overrides,
  };
}

/** A reader's saved search as get_saved_searches answers it: tutorials on vacuum, 3 new. */
export function savedSearchFixture(overrides: Partial<SavedSearch> = {}): SavedSearch {
  return {
    saved_search_id: 7,
    name: 'Vacuum tutorials',
    query: 'vacuum',
    filter: { genre: 'tutorial' },
    new_matches: 3,
    in_digest: false,
    alert: false,
    ...overrides,
  };
}

/** /api/public_config with the default ALTCHA captcha and no Google sign-in. */
export const publicConfigFixture: PublicConfig = {
  siteName: 'Blogstream',
  captcha: { provider: 'altcha', challengeUrl: endpointRoutes.captchaChallenge.path },
  googleClientId: null,
  analyticsEnabled: false,
  contactEmail: 'hello@blogstream.app',
  termsGoverningLaw: 'England and Wales',
};

/** Articles shaped as the feed calls answer them, ids from `firstId`. */
export function makeArticles(count: number, firstId = 1): Article[] {
  return Array.from({ length: count }, (_, index) => {
    const id = firstId + index;
    return {
      post_id: id,
      title: `Article ${id}`,
      description: `What article ${id} is about, in a few plain sentences.`,
      link: `https://blog.example/posts/${id}`,
      image: null,
      source_type: 'blog',
      source_name: 'Example Engineering',
      source_url_name: 'example-engineering',
      source_logo_file: 'example-engineering.svg',
      publishing_date: '2026-11-01T10:00:00.000Z',
      bookmarked: false,
      read: false,
      topics: [],
      genre: null,
      also_on: [],
      feedback: null,
    };
  });
}

/** One article with the given id and title. */
export function articleFixture(id: number, title: string): Article {
  return { ...makeArticles(1, id)[0]!, title };
}

/**
 * What a person does to the captcha, as jsdom can show it: the widget reports it verified with
 * `payload` (jsdom cannot run the proof of work; the browser tests solve it for real).
 */
export async function solveCaptchaWidget(payload = 'solved-token'): Promise<void> {
  const widget = await waitFor(() => {
    const element = document.querySelector('altcha-widget');
    if (!element) throw new Error('no captcha yet');
    return element;
  });
  act(() => {
    widget.dispatchEvent(
      new CustomEvent('statechange', { detail: { state: 'verified', payload } }),
    );
  });
}
