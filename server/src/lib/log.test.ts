import { jest } from '@jest/globals';
import { consoleLog } from './log.js';

afterEach(() => jest.restoreAllMocks());

test("a background job's log line shows a token-bearing URL without its token", () => {
  const written = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const error = new Error('fetching https://blog.example/feed.xml?token=pr1vat3-t0k3n failed');

  consoleLog('info').error({ err: error }, 'crawling /reset-password/r3s3t-t0k3n failed');

  const line = String(written.mock.calls[0]?.[0]);
  expect(line).toContain('crawling /reset-password/[redacted] failed');
  expect(line).toContain('feed.xml?token=[redacted] failed');
  expect(line).not.toMatch(/pr1vat3|r3s3t/);
});
